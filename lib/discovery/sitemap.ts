import type { Brand } from '../brand/schema';
import { eventPages, organizerPages, SITEMAP_FILE_IDS, sitemapSpans, type IdSpan } from '../catalog/listing/sitemap';
import { landingPaths, ORGANIZERS_PATH, organizerPath } from '../site/landing';
import { brandUrls } from '../http/brand-urls';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

type Entry = { loc: string; lastmod?: string };

// The sitemap at any size: the listing and the city and category pages first, then the
// organizers' pages, then the event pages. Past one file it is an index whose files are
// key ranges: file 1 the leading pages, then one file per `limit` ids of the brand's
// organizers, then one per `limit` ids of its events (SITEMAP_FILE_IDS, far below the
// protocol's 50,000 URLs: a file costs the same at any size). A file holds at most `limit` URLs
// (ids are unique) and is read by one range of an index, whatever the catalog's size;
// no count and no offset.

/** The pages listed first: the listing and the list of organizers, then the city and category pages with events. */
export async function sitemapLeadPages(brand: Brand): Promise<Entry[]> {
  const site = brandUrls(brand).site;
  return [{ loc: `${site}/` }, { loc: `${site}${ORGANIZERS_PATH}` }, ...(await landingPaths(brand)).map((path) => ({ loc: `${site}${path}` }))];
}

/** How many files of `limit` ids cover a span. */
const filesOf = (span: IdSpan, limit: number) => (span ? Math.floor((span.last - span.first) / limit) + 1 : 0);

async function organizerEntries(brand: Brand, from: number, to: number): Promise<Entry[]> {
  const site = brandUrls(brand).site;
  return (await organizerPages(brand, from, to)).map((slug) => ({ loc: `${site}${organizerPath(slug)}` }));
}

async function eventEntries(brand: Brand, from: number, to: number): Promise<Entry[]> {
  const u = brandUrls(brand);
  return (await eventPages(brand, from, to)).map((p) => ({ loc: u.eventPage(p.slug), lastmod: p.lastmod }));
}

/** The sitemap: one urlset while every key range fits in one file, else an index of files. */
export async function sitemap(brand: Brand, limit = SITEMAP_FILE_IDS): Promise<string> {
  const u = brandUrls(brand);
  const [lead, spans] = await Promise.all([sitemapLeadPages(brand), sitemapSpans(brand)]);
  const width = (s: IdSpan) => (s ? s.last - s.first + 1 : 0);
  if (lead.length + width(spans.organizers) + width(spans.events) <= limit) {
    const [organizers, events] = await Promise.all([
      spans.organizers ? organizerEntries(brand, spans.organizers.first, spans.organizers.last + 1) : [],
      spans.events ? eventEntries(brand, spans.events.first, spans.events.last + 1) : [],
    ]);
    return urlset([...lead, ...organizers, ...events]);
  }
  const files = 1 + filesOf(spans.organizers, limit) + filesOf(spans.events, limit);
  const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${xmlEscape(`${u.site}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** File n (from 1) of a sitemap index: the leading pages, then organizers' and events' key ranges; null past the last. */
export async function sitemapPart(brand: Brand, n: number, limit = SITEMAP_FILE_IDS): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  if (n === 1) return urlset((await sitemapLeadPages(brand)).slice(0, limit));
  const spans = await sitemapSpans(brand);
  const organizerFiles = filesOf(spans.organizers, limit);
  if (n - 2 < organizerFiles) {
    const from = spans.organizers!.first + (n - 2) * limit;
    return urlset(await organizerEntries(brand, from, from + limit));
  }
  const k = n - 2 - organizerFiles;
  if (k >= filesOf(spans.events, limit)) return null;
  const from = spans.events!.first + k * limit;
  return urlset(await eventEntries(brand, from, from + limit));
}

function urlset(entries: Entry[]): string {
  const body = entries.map((e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
