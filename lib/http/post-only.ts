import { brandOrDefault } from '../brand/registry';
import { CORS_HEADERS } from './headers';
import { problemResponse } from './problem';

/**
 * The other methods of an endpoint that takes only POST (the tool endpoints): a 405
 * problem with Allow for each, and a CORS preflight that names the headers it reads.
 */
export function postOnlyMethods(detail: string, allowHeaders: string) {
  const methodNotAllowed = (request: Request): Response => {
    const brand = brandOrDefault(request.headers.get('host'));
    return problemResponse(brand.site_url, 'method_not_allowed', detail, { ...CORS_HEADERS, Allow: 'POST, OPTIONS' });
  };
  const OPTIONS = (): Response =>
    new Response(null, {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        Allow: 'POST, OPTIONS',
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': '86400',
      },
    });
  return { GET: methodNotAllowed, PUT: methodNotAllowed, PATCH: methodNotAllowed, DELETE: methodNotAllowed, OPTIONS };
}
