import { windowedCache } from '../catalog/snapshot-cache';
import { config } from '../config';
import { mergeLinks } from '../http/link-header';
import { selfRequest } from '../http/self-request';
import { FILL_HEADER } from '../server/markers.mjs';
import { metrics } from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import { MISSING_PATH } from './event-exists';
import { hashedPageCsp } from './security-headers';
import { withInlineStylesheets, withoutClientRuntime } from './static-page';

// Public pages (the listing, event pages, the 404 page) are the same bytes for everyone
// within a snapshot window: rendered once per window (by the request that found nothing
// held, page-capture.ts; by the server's own request where nothing captures, and for the
// 404 page), kept with their hash-based Content-Security-Policy, and served as they are to
// every visitor and to any shared cache in front.

/** Marks the server's own request that renders a page for the cache (it skips the proxy): the 404 page, HEAD, `next dev`. */
export { FILL_HEADER };

export type StoredPage = { status: number; body: string; headers: Record<string, string> };

const pages = windowedCache('pages', 1_000);
/** Statuses worth keeping for the window; anything else (a 503 while the catalog is down) is not. */
const KEPT_STATUSES = new Set([200, 404]);
// Link is the proxy's own, added to each response; what the render carried is not kept.
const KEPT_HEADERS = ['content-type', 'retry-after'];

export const pageKey = (brandId: string, pathWithSearch: string): string => `${brandId}|${pathWithSearch}`;

/** The page for `key`: from the cache, or rendered by `render` once for everyone asking in this window. */
export function cachedPage(key: string, render: () => Promise<StoredPage>): Promise<StoredPage> {
  return pages.load(key, render, (page) => KEPT_STATUSES.has(page.status));
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

// The framework's stylesheets, by path: their names change with their content.
const stylesheets = new Map<string, string>();

/** A stylesheet of the build, read once through this server; null when it does not answer 200. */
async function stylesheet(path: string, host: string): Promise<string | null> {
  const held = stylesheets.get(path);
  if (held !== undefined) return held;
  const reply = await selfRequest(path, host).catch(() => null);
  if (reply?.status !== 200 || stylesheets.size > 64) return reply?.status === 200 ? reply.body : null;
  stylesheets.set(path, reply.body);
  return reply.body;
}

/** A page's answer from this server, as the proxy's own request (no budget, no cache). */
async function renderReply(path: string, host: string, status?: number) {
  const end = metrics().renders.startTimer();
  const reply = await inSpan('page render', { 'url.path': path.split('?')[0] }, () => selfRequest(path, host, { headers: { accept: 'text/html', [FILL_HEADER]: '1' } }));
  end({ status: String(status ?? reply.status) });
  return reply;
}

/** Renders one page through this server, as the proxy's own request (no budget, no cache), with its CSP. */
export async function renderPage(path: string, host: string, status?: number): Promise<StoredPage> {
  return storedPage(await renderReply(path, host, status), host, status);
}

/**
 * A page route's answer as it is stored and served: the headers worth keeping, no client
 * runtime and the stylesheet inside (static-page.ts), its hash-based CSP and the public
 * Cache-Control; `status` replaces the route's own.
 */
export async function storedPage(reply: { status: number; headers: Record<string, string | string[] | undefined>; body: string }, host: string, status?: number): Promise<StoredPage> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = reply.headers[name];
    if (v) headers[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  const finalStatus = status ?? reply.status;
  // A public page needs no client runtime, and its stylesheet goes inside (static-page.ts).
  const body = /^text\/html\b/i.test(headers['content-type'] ?? '') ? await withInlineStylesheets(withoutClientRuntime(reply.body), (p) => stylesheet(p, host)) : reply.body;
  headers['content-security-policy'] = hashedPageCsp(body);
  headers['cache-control'] = KEPT_STATUSES.has(finalStatus) ? publicPageCacheControl() : 'no-store';
  return { status: finalStatus, body, headers };
}

// The 404 page reads nothing of the catalog (app/not-found.tsx and the layout: the brand's
// frame and words), so it is held for the life of the process, whatever the snapshot
// window, one a host up to MISSING_HOSTS; past them it is rendered each time.
const missingPages = new Map<string, Promise<StoredPage>>();
const MISSING_HOSTS = 64;

/**
 * The site's full 404 page for a host, rendered once for every page that found nothing
 * there. (Next 16 serves an empty shell for notFound() in production,
 * vercel/next.js#98954, while an unmatched path, MISSING_PATH, renders app/not-found.tsx
 * in full.) A render that fails or answers anything but 404 is not held.
 */
export function missingPage(host: string): Promise<StoredPage> {
  const held = missingPages.get(host);
  if (held) return held;
  const page = renderReply(MISSING_PATH, host, 404).then(async (reply) => {
    const stored = await storedPage(reply, host, 404);
    if (reply.status !== 404) missingPages.delete(host);
    return stored;
  });
  if (missingPages.size < MISSING_HOSTS) {
    missingPages.set(host, page);
    page.catch(() => missingPages.delete(host));
  }
  return page;
}

/**
 * A route's answer that is a page of the site: anything but a 404, or a 404 in the site's
 * frame (an unmatched path), whose content app/layout.tsx puts in <main id="conteudo">;
 * not notFound()'s shell, which has no body.
 */
export function isWholePage(status: number, body: string): boolean {
  return status !== 404 || /<main\b[^>]*\bid="conteudo"/.test(body);
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
