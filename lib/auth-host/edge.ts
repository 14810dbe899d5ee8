import { NextResponse, type NextRequest } from 'next/server';
import { clientAddress } from '../agent/client-address';
import { config } from '../config';
import { isSelfRequest, selfRewriteHeaders } from '../http/self-request';

/** Internal route of the authentication host; reachable only through the proxy's rewrite. */
export const AUTH_HOST_ROUTE = '/auth-host';
/** The client's address as the proxy saw it, carried across the rewrite (trusted with the internal token only). */
export const AUTH_CLIENT_HEADER = 'x-catalog-auth-client';

/**
 * The proxy's whole part in the authentication host: send the request to its route.
 * The rewrite keeps the request's origin, which server.mjs makes Next's own, so it is
 * served in the process; were it ever forwarded over HTTP, through the proxy again, the
 * internal token lets that second pass through untouched. The client's address and
 * Host travel in headers.
 */
export function rewriteToAuthHost(request: NextRequest): NextResponse {
  const headers = selfRewriteHeaders(request);
  headers.set(AUTH_CLIENT_HEADER, clientAddress(request.headers, config().trustedProxies));
  const target = request.nextUrl.clone();
  const current = request.nextUrl.pathname;
  target.pathname = `${AUTH_HOST_ROUTE}${current === '/' ? '' : current}`;
  return NextResponse.rewrite(target, { request: { headers } });
}

/** The rewritten request itself (second pass through the proxy): nothing more to do. */
export function isAuthHostRewrite(request: NextRequest): boolean {
  const path = request.nextUrl.pathname;
  return (path === AUTH_HOST_ROUTE || path.startsWith(`${AUTH_HOST_ROUTE}/`)) && isSelfRequest(request.headers);
}

/** A request for the internal route from outside (a brand's site host): it does not exist there. */
export function isAuthHostPath(pathname: string): boolean {
  return pathname === AUTH_HOST_ROUTE || pathname.startsWith(`${AUTH_HOST_ROUTE}/`);
}
