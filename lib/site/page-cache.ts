import { windowedCache } from '../catalog/snapshot-cache';
import { config } from '../config';
import { mergeLinks } from '../http/link-header';
import { hashedPageCsp } from './security-headers';

// Public pages (the listing, event pages, the 404 page) are the same bytes for everyone
// within a snapshot window: rendered once per window by lib/pages, kept with their
// hash-based Content-Security-Policy, and served as they are to every visitor and to any
// shared cache in front.

/** A page found (200) or the site's 404 page: what a render that did not fail gives, kept for the window. A render that fails is never kept. */
export type StoredPage = { status: 200 | 404; body: string; headers: Record<string, string> };

const pages = windowedCache('pages', 1_000);

export const pageKey = (brandId: string, pathWithSearch: string): string => `${brandId}|${pathWithSearch}`;

/** The page for `key`: from the cache, or rendered by `render` once for everyone asking in this window. */
export function cachedPage(key: string, render: () => Promise<StoredPage>): Promise<StoredPage> {
  return pages.load(key, render);
}

/** The page for `key` if it is held now (or being rendered). */
export function peekPage(key: string): Promise<StoredPage> | undefined {
  return pages.peek<StoredPage>(key);
}

/**
 * Cache-Control of a public page: any cache may keep it for the snapshot window and
 * serve it stale while it fetches the next one; browsers ask again each time.
 */
export function publicPageCacheControl(): string {
  const windowS = Math.ceil(config().catalogCacheTtlMs / 1000);
  if (windowS === 0) return 'public, no-cache';
  return `public, max-age=0, s-maxage=${windowS}, stale-while-revalidate=${windowS * 10}`;
}

/**
 * A rendered page (lib/pages: only the site's own scripts, static-page.ts) as it is stored
 * and served: with its hash-based CSP and the public Cache-Control.
 */
export function storedPage({ status, body }: { status: 200 | 404; body: string }): StoredPage {
  return {
    status,
    body,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': hashedPageCsp(body),
      'cache-control': publicPageCacheControl(),
    },
  };
}

/** A stored page as this request's response, with the proxy's own headers (Link) on top. */
export function servePage(page: StoredPage, method: string, extra: Record<string, string>): Response {
  return new Response(method === 'HEAD' ? null : page.body, { status: page.status, headers: servedHeaders(page, extra) });
}

/** The headers a stored page goes out with: its own, and the proxy's (Link) on top. */
export function servedHeaders(page: StoredPage, extra: Record<string, string>): Headers {
  const headers = new Headers(page.headers);
  for (const [name, value] of Object.entries(extra)) {
    if (name.toLowerCase() === 'link' && headers.has('link')) headers.set('link', mergeLinks(value, headers.get('link')));
    else headers.set(name, value);
  }
  return headers;
}
