import type { Brand } from '../brand/schema';
import { countEventPages, eventPages, SITEMAP_LIMIT } from '../catalog/sitemap';
import { landingPaths } from '../site/landing';
import { brandUrls } from './urls';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

type Entry = { loc: string; lastmod?: string };

/** The pages listed before the events: the listing, then the landing pages (cities, categories, organizers with events). */
export async function sitemapLeadPages(brand: Brand): Promise<Entry[]> {
  const site = brandUrls(brand).site;
  return [{ loc: `${site}/` }, ...(await landingPaths(brand)).map((path) => ({ loc: `${site}${path}` }))];
}

/** The sitemap: one urlset while the listing, the landing pages and all event pages fit, else an index of files. */
export async function sitemap(brand: Brand, limit = SITEMAP_LIMIT): Promise<string> {
  const u = brandUrls(brand);
  const [lead, total] = await Promise.all([sitemapLeadPages(brand), countEventPages(brand)]);
  if (lead.length + total <= limit) {
    const pages = await eventPages(brand, 0, limit);
    return urlset([...lead, ...pages.map((p) => ({ loc: u.eventPage(p.slug), lastmod: p.lastmod }))]);
  }
  const files = Math.ceil((lead.length + total) / limit);
  const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${xmlEscape(`${u.site}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** File n (from 1) of a sitemap index: the listing and the landing pages first, then event pages in id order. */
export async function sitemapPart(brand: Brand, n: number, limit = SITEMAP_LIMIT): Promise<string | null> {
  const u = brandUrls(brand);
  const [lead, total] = await Promise.all([sitemapLeadPages(brand), countEventPages(brand)]);
  const files = Math.ceil((lead.length + total) / limit);
  if (!Number.isInteger(n) || n < 1 || n > files) return null;
  const start = (n - 1) * limit; // position among [listing, ...landing pages, ...events]
  const leading = lead.slice(start, start + limit);
  const pages = leading.length < limit ? await eventPages(brand, Math.max(0, start - lead.length), limit - leading.length) : [];
  return urlset([...leading, ...pages.map((p) => ({ loc: u.eventPage(p.slug), lastmod: p.lastmod }))]);
}

function urlset(entries: Entry[]): string {
  const body = entries.map((e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
