import { docRoute, text } from '@/lib/discovery/doc-route';
import { sitemapPart } from '@/lib/discovery/sitemap';

// GET /sitemaps/{n}.xml: one file of the sitemap index.
export const { GET, HEAD } = docRoute(async (brand, _request, params) => {
  const n = /^(\d{1,6})\.xml$/.exec(params.file ?? '')?.[1];
  const xml = n ? await sitemapPart(brand, Number(n)) : null;
  return xml ? text(xml, 'application/xml; charset=utf-8') : null;
});
