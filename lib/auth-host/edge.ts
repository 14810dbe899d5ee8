import { NextResponse, type NextRequest } from 'next/server';
import { INTERNAL_HEADER, ORIGINAL_HOST_HEADER, internalToken } from '../markdown/internal';

/** Internal route of the authentication host; reachable only through the proxy's rewrite. */
export const AUTH_HOST_ROUTE = '/auth-host';

/** The proxy's whole part in the authentication host: send the request to its route. */
export function rewriteToAuthHost(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(INTERNAL_HEADER, internalToken());
  headers.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  // Same origin as the request itself: Next serves the rewrite in-process (a rewrite to
  // another origin would be proxied over HTTP, through the proxy again).
  const origin = new URL(request.url).origin;
  const current = request.nextUrl.pathname;
  const target = new URL(`${AUTH_HOST_ROUTE}${current === '/' ? '' : current}${request.nextUrl.search}`, origin);
  return NextResponse.rewrite(target, { request: { headers } });
}
