import type { Brand } from '../brand/schema';
import { countEventPages, eventPages, SITEMAP_LIMIT } from '../catalog/sitemap';
import { brandUrls } from './urls';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The sitemap: one urlset while the listing and all event pages fit, else an index of files. */
export async function sitemap(brand: Brand, limit = SITEMAP_LIMIT): Promise<string> {
  const u = brandUrls(brand);
  const total = await countEventPages(brand);
  if (total + 1 <= limit) {
    const pages = await eventPages(brand, 0, limit);
    return urlset([{ loc: `${u.site}/` }, ...pages.map((p) => ({ loc: u.eventPage(p.slug), lastmod: p.lastmod }))]);
  }
  const files = Math.ceil((total + 1) / limit);
  const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${xmlEscape(`${u.site}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** File n (from 1) of a sitemap index: the listing first, then event pages in id order. */
export async function sitemapPart(brand: Brand, n: number, limit = SITEMAP_LIMIT): Promise<string | null> {
  const u = brandUrls(brand);
  const total = await countEventPages(brand);
  const files = Math.ceil((total + 1) / limit);
  if (!Number.isInteger(n) || n < 1 || n > files) return null;
  const start = (n - 1) * limit; // position among [listing, ...events]
  const includeListing = start === 0;
  const pages = await eventPages(brand, includeListing ? 0 : start - 1, includeListing ? limit - 1 : limit);
  return urlset([...(includeListing ? [{ loc: `${u.site}/` }] : []), ...pages.map((p) => ({ loc: u.eventPage(p.slug), lastmod: p.lastmod }))]);
}

function urlset(entries: Array<{ loc: string; lastmod?: string }>): string {
  const body = entries.map((e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
