import { apiRoute } from '@/lib/http/api-route';
import { openApiFor } from '@/lib/openapi/document';

// GET /api/public/v1/openapi.json: the API description, with the brand's own server URL.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async ({ brand }) => ({ body: openApiFor(brand), cache: 'catalog' }),
});
