import { getHealth } from '@/lib/openapi/health';
import { apiRoute } from '@/lib/http/api-route';

// GET /api/public/v1/health (getHealth): liveness, with the database state for information.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async () => ({ body: await getHealth(), cache: 'none' }),
});
