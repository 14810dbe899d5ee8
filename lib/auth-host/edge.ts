import { NextResponse, type NextRequest } from 'next/server';
import { INTERNAL_HEADER, ORIGINAL_HOST_HEADER, internalToken } from '../markdown/internal';

/** Internal route of the authentication host; reachable only through the proxy's rewrite. */
export const AUTH_HOST_ROUTE = '/auth-host';

/** The proxy's whole part in the authentication host: send the request to its route. */
export function rewriteToAuthHost(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(INTERNAL_HEADER, internalToken());
  headers.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  const target = request.nextUrl.clone();
  target.pathname = `${AUTH_HOST_ROUTE}${request.nextUrl.pathname === '/' ? '' : request.nextUrl.pathname}`;
  return NextResponse.rewrite(target, { request: { headers } });
}
