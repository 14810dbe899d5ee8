import { apiGuide } from '@/lib/discovery/api-doc';
import { docRoute, text } from '@/lib/discovery/doc-route';

// GET /docs/api.md: the API guide in prose (the catalog's service-doc).
export const { GET, HEAD } = docRoute((brand) => text(apiGuide(brand), 'text/markdown; charset=utf-8'));
