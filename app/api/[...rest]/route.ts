import { brandForHost, brandRegistry } from '@/lib/brand/registry';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';

// Any other path under /api: a 404 problem, never an HTML page, whatever the method.
function notFound(request: Request): Response {
  const registry = brandRegistry();
  const brand = brandForHost(request.headers.get('host')) ?? registry.brands.find((b) => b.id === registry.default)!;
  return problemResponse(brand.site_url, 'not_found', 'No public API resource at this path. See /api/public/v1/openapi.json.', CORS_HEADERS);
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
