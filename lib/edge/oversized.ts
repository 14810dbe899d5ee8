import type { NextRequest } from 'next/server';
import { brandsOfAuthHost, isAuthHost } from '../auth-host/hosts';
import { authProblem } from '../auth-host/problem';
import { brandForHost, brandRegistry, defaultBrand } from '../brand/registry';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';
import { isApiPath, withServiceDesc } from '../http/service-desc';
import { OVERSIZED_HEADER } from '../server/markers.mjs';

/**
 * A request whose body server.mjs refused whole (past its path's limit): 413, as a problem
 * of the host called (the authentication host's own table, or a brand's). The request
 * carries no body by now, and server.mjs closes the connection after this answer.
 */
export function oversizedBody(request: NextRequest): Response | undefined {
  const limit = request.headers.get(OVERSIZED_HEADER);
  if (limit === null || !/^\d{1,9}$/.test(limit)) return undefined;
  const detail = `The body is larger than ${limit} bytes; none of it was read.`;
  const host = request.headers.get('host');
  const authBrand = isAuthHost(host) ? brandsOfAuthHost(brandRegistry(), host)[0] : undefined;
  if (authBrand) return authProblem(authBrand.auth_url, 'payload_too_large', detail);
  const brand = brandForHost(host);
  const site = (brand ?? defaultBrand()).site_url;
  return problemResponse(site, 'payload_too_large', detail, brand && isApiPath(request.nextUrl.pathname) ? withServiceDesc(site, CORS_HEADERS) : CORS_HEADERS);
}
