import { brandOrDefault } from '@/lib/brand/registry';
import { config } from '@/lib/config';
import { CORS_HEADERS } from '@/lib/http/headers';
import { apiNotFound } from '@/lib/http/not-found';
import { problemResponse } from '@/lib/http/problem';

// GET /api/floor: the benchmark's framework floor, a handler that does no work.
// It exists only when BENCH_FLOOR is on; otherwise it is the ordinary 404 problem, for every method.
export function GET(request: Request): Response {
  if (!config().benchFloor) return apiNotFound(request);
  return new Response('ok', { headers: { 'Content-Type': 'text/plain' } });
}

function other(request: Request): Response {
  if (!config().benchFloor) return apiNotFound(request);
  const brand = brandOrDefault(request.headers.get('host'));
  return problemResponse(brand.site_url, 'method_not_allowed', 'The floor answers GET only.', { ...CORS_HEADERS, Allow: 'GET, HEAD' });
}

export { GET as HEAD, other as POST, other as PUT, other as PATCH, other as DELETE, other as OPTIONS };
