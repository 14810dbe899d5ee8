import { AI_CATALOG_TYPE, aiCatalog } from '@/lib/discovery/ai-catalog';
import { docRoute, json } from '@/lib/discovery/doc-route';

// GET /.well-known/ai-catalog.json: the AI Catalog of the brand's agent-facing documents.
export const { GET, HEAD } = docRoute((brand) => ({ ...json(aiCatalog(brand), AI_CATALOG_TYPE), etag: true }));
