import { brandOrDefault } from '../brand/registry';
import { CORS_HEADERS } from './headers';
import { problemResponse } from './problem';
import { withServiceDesc } from './service-desc';

/** The 404 problem for a path under /api where no resource lives. */
export function apiNotFound(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  return problemResponse(brand.site_url, 'not_found', 'No public API resource at this path. See /api/public/v1/openapi.json.', withServiceDesc(brand.site_url, CORS_HEADERS));
}
