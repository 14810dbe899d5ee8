import { docRoute, text } from '@/lib/discovery/doc-route';
import { sitemap } from '@/lib/discovery/sitemap';

// GET /sitemap.xml: the listing and every event page, or an index past 50,000 URLs.
export const { GET, HEAD } = docRoute(async (brand) => text(await sitemap(brand), 'application/xml; charset=utf-8'));
