import { toPublicDetail } from '@/lib/catalog/event/public';
import { getEventOrThrow } from '@/lib/catalog/event/read';
import { apiRoute } from '@/lib/http/api-route';

// GET /api/public/v1/events/{slug} (getEvent): one event of the brand, cut to the API's fields.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async ({ brand, params }) => ({ body: toPublicDetail(await getEventOrThrow(brand, params.slug)), cache: 'catalog' }),
});
