import { docRoute, text } from '@/lib/discovery/doc-route';
import { robotsTxt } from '@/lib/discovery/texts';

// GET /robots.txt: crawl rules with a Content-Signal line and the brand's sitemap.
export const { GET, HEAD } = docRoute((brand) => text(robotsTxt(brand), 'text/plain; charset=utf-8'));
