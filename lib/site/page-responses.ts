import { NextResponse } from 'next/server';
import type { Brand } from '../brand/schema';
import { MISSING_PATH, eventExists, eventSlugOf } from './event-exists';
import { cachedPage, renderPage, type StoredPage } from './page-cache';
import { pageSecurityHeaders } from './security-headers';

// The two kinds of HTML page the proxy answers: public pages, one stored response for
// everyone in the snapshot window; personal pages, rendered for each request with a
// nonce of their own and kept by no cache.

/** A public page (the listing, an event page, the 404 page) from the window's cache, rendered once if it is not held. */
export function publicPage(brand: Brand, key: string, pathWithSearch: string, pathname: string, host: string): Promise<StoredPage> {
  return cachedPage(key, async () => {
    const slug = eventSlugOf(pathname);
    const missing = slug !== undefined && !(await eventExists(brand, slug));
    if (missing) return renderPage(MISSING_PATH, host, 404);
    const page = await renderPage(pathWithSearch, host);
    // A page that found nothing to show (a landing page of no city, say) called notFound(),
    // whose body Next leaves empty: it is the site's full 404 page instead.
    return page.status === 404 ? renderPage(MISSING_PATH, host, 404) : page;
  });
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
