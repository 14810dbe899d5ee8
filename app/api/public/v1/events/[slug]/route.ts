import { eventForSlug } from '@/lib/catalog/get-event';
import { apiRoute } from '@/lib/http/api-route';

// GET /api/public/v1/events/{slug} (getEvent): one event of the brand.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async ({ brand, params }) => ({ body: await eventForSlug(brand, params.slug), cache: 'catalog' }),
});
