import { listEvents } from '@/lib/catalog/events';
import { parseListQuery } from '@/lib/catalog/query-params';
import { apiRoute } from '@/lib/http/api-route';

// GET /api/public/v1/events (listEvents): a page of the brand's events.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async ({ brand, url }) => ({ body: await listEvents(brand, parseListQuery(url.searchParams)), cache: 'catalog' }),
});
