import { randomBytes } from 'node:crypto';

// The proxy rewrites Markdown requests to /md with this per-process token; the /md
// route answers only requests that carry it, so it is no way around the proxy.
const KEY = Symbol.for('event-catalog.markdown-token');
type WithToken = typeof globalThis & { [KEY]?: string };

export const INTERNAL_HEADER = 'x-catalog-internal';
/** The Host the client sent, carried across a rewrite (Next may replace Host on rewrites). */
export const ORIGINAL_HOST_HEADER = 'x-catalog-host';
/** Marks the request that fetches a page's HTML for conversion: never negotiated again. */
export const RENDER_HEADER = 'x-catalog-render';

export function internalToken(): string {
  const g = globalThis as WithToken;
  g[KEY] ??= randomBytes(18).toString('base64url');
  return g[KEY];
}

/** The client's Host: the carried one when the request bears the internal token, else Host itself. */
export function requestHost(headers: Pick<Headers, 'get'>): string | null {
  if (headers.get(INTERNAL_HEADER) === internalToken()) return headers.get(ORIGINAL_HOST_HEADER) ?? headers.get('host');
  return headers.get('host');
}
