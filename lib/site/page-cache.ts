import { windowedCache } from '../catalog/snapshot-cache';
import { config } from '../config';
import { loopback } from '../http/loopback';
import { metrics } from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import { pageSecurityHeaders } from './security-headers';

// Rendered HTML pages, kept for the snapshot window like the catalog answers they are
// made of. A page is rendered once per window by the proxy's own request to this
// server, with a nonce of its own; each visitor then gets that HTML with the nonce
// replaced by a fresh one and a matching Content-Security-Policy, so no two responses
// share a nonce.

/** Marks the proxy's own request that renders a page for the cache. */
export const FILL_HEADER = 'x-catalog-fill';

export type StoredPage = { status: number; body: string; headers: Record<string, string>; nonce: string | null };

const pages = windowedCache('pages', 1_000);
/** Statuses worth keeping for the window; anything else (a 503 while the catalog is down) is not. */
const KEPT_STATUSES = new Set([200, 404]);
const KEPT_HEADERS = ['content-type', 'cache-control', 'link', 'retry-after'];

/** Whether pages are cached at all (not when the snapshot window is turned off). */
export const pageCacheEnabled = (): boolean => config().catalogCacheTtlMs > 0;

export const pageKey = (brandId: string, pathWithSearch: string): string => `${brandId}|${pathWithSearch}`;

/** The page for `key`: from the cache, or rendered by `render` once for everyone asking in this window. */
export function cachedPage(key: string, render: () => Promise<StoredPage>): Promise<StoredPage> {
  return pages.load(key, render, (page) => KEPT_STATUSES.has(page.status));
}

/** The page for `key` if it is held now. */
export function peekPage(key: string): Promise<StoredPage> | undefined {
  return pages.peek<StoredPage>(key);
}

/** Renders one page through this server, as the proxy's own request (no budget, no cache). */
export async function renderPage(path: string, host: string, status?: number): Promise<StoredPage> {
  const end = metrics().renders.startTimer();
  const reply = await inSpan('page render', { 'url.path': path.split('?')[0] }, () => loopback(path, host, { headers: { accept: 'text/html', [FILL_HEADER]: '1' } }));
  end({ status: String(status ?? reply.status) });
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = reply.headers[name];
    if (v) headers[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  const nonce = /'nonce-([^']+)'/.exec(String(reply.headers['content-security-policy'] ?? ''))?.[1] ?? null;
  return { status: status ?? reply.status, body: reply.body, headers, nonce };
}

/**
 * A stored page as this request's response: a fresh nonce in the HTML and in the
 * Content-Security-Policy, with the proxy's own headers (Link, rate limits) on top.
 */
export function servePage(page: StoredPage, method: string, extra: Record<string, string>): Response {
  const { nonce, csp } = pageSecurityHeaders();
  const body = page.nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
  const headers = new Headers(page.headers);
  for (const [name, value] of Object.entries(extra)) {
    if (name.toLowerCase() === 'link' && headers.has('link')) headers.set('link', `${value}, ${headers.get('link')}`);
    else headers.set(name, value);
  }
  headers.set('Content-Security-Policy', csp);
  return new Response(method === 'HEAD' ? null : body, { status: page.status, headers });
}
