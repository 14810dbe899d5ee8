import { NextResponse } from 'next/server';
import { CAPTURE_HEADER } from '../server/markers.mjs';
import { capturedPage, capturesPages } from './page-capture';
import { cachedPage, isWholePage, missingPage, renderPage, servePage, type StoredPage } from './page-cache';
import { pageSecurityHeaders } from './security-headers';

// The two kinds of HTML page the proxy answers: public pages, one stored response for
// everyone in the snapshot window; personal pages, rendered for each request with a
// nonce of their own and kept by no cache.

/**
 * A public page (the listing, an event page, the 404 page) from the window's cache, rendered
 * once if it is not held. An event page is not checked first: its render reads the event
 * (once), and a missing one answers 404 like any page that found nothing.
 */
export function publicPage(key: string, pathWithSearch: string, host: string): Promise<StoredPage> {
  return cachedPage(key, async () => {
    const page = await renderPage(pathWithSearch, host);
    // A page that found nothing to show (a missing event, a landing page of no city) called
    // notFound(), whose answer Next leaves a shell with no body: the site's 404 page instead.
    return isWholePage(page.status, page.body) ? page : missingPage(host);
  });
}

/**
 * A client's request for a public page: the stored page, or, when nothing holds it and the
 * server captures (server.mjs), this request goes on to the page route and its answer is
 * what gets stored (page-capture.ts). Its request headers are those of any render: HTML,
 * no cookie, nothing compressed (the stored page is the plain text).
 */
export async function publicPageAnswer(key: string, pathWithSearch: string, request: { method: string; headers: Headers }, forward: Headers, headers: Record<string, string>): Promise<Response> {
  const host = request.headers.get('host') ?? '';
  if (request.method !== 'GET' || !capturesPages()) return servePage(await publicPage(key, pathWithSearch, host), request.method, headers);
  const { page, capture } = capturedPage(key, pathWithSearch, host, headers);
  if (!capture) return servePage(await page, request.method, headers);
  const render = new Headers(forward);
  render.set('accept', 'text/html');
  render.delete('accept-encoding');
  render.delete('cookie');
  return NextResponse.next({ request: { headers: render }, headers: { ...headers, [CAPTURE_HEADER]: capture } });
}

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
