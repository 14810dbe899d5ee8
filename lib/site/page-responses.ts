import { NextResponse } from 'next/server';
import { pageSecurityHeaders } from './security-headers';

// Personal pages, rendered by the framework for each request with a nonce of their own and
// kept by no cache. (Public pages, one stored response for everyone in the snapshot window,
// are lib/pages/public.ts.)

export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * A personal page rendered for this request alone: Next reads the nonce from the
 * request's Content-Security-Policy and puts it on its inline scripts; the response
 * carries the same policy and is never stored.
 */
export function personalPage(requestHeaders: Headers, headers: Record<string, string>): NextResponse {
  const { nonce, csp } = pageSecurityHeaders();
  const forward = new Headers(requestHeaders);
  forward.set('x-nonce', nonce);
  forward.set('Content-Security-Policy', csp);
  return NextResponse.next({
    request: { headers: forward },
    headers: { ...headers, 'Content-Security-Policy': csp, 'Cache-Control': PERSONAL_CACHE_CONTROL },
  });
}
