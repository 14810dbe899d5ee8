import { listEvents } from '@/lib/catalog/listing/events';
import { parseListQuery } from '@/lib/catalog/listing/query-params';
import { readSearchFilters } from '@/lib/catalog/listing/search-filters';
import { apiRoute } from '@/lib/http/api-route';
import { ApiError } from '@/lib/http/problem';

// GET /api/public/v1/events (listEvents): a page of the brand's events.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async ({ brand, url }) => {
    const { error } = readSearchFilters(url.searchParams);
    if (error) throw new ApiError(error.code, error.detail);
    return { body: (await listEvents(brand, parseListQuery(url.searchParams))).list, cache: 'catalog' };
  },
});
