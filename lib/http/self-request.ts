import { randomBytes } from 'node:crypto';
import { INTERNAL_HEADER, INTERNAL_TOKEN as TOKEN } from '../server/markers.mjs';

// The proxy's rewrites to internal routes (the authentication host's), in one place. Each
// carries a per-process token, and the internal routes answer only requests that bear it,
// so they are no way around the proxy. Rewrites are served in the process (server.mjs);
// the server makes no HTTP request to itself.

type WithSelf = typeof globalThis & { [TOKEN]?: string };

export { INTERNAL_HEADER };
/** The Host the client sent, carried across a rewrite (Next may replace Host on rewrites). */
export const ORIGINAL_HOST_HEADER = 'x-catalog-host';

/** The process's token; on globalThis because each Next bundle has its own copy of this module. */
export function internalToken(): string {
  const g = globalThis as WithSelf;
  g[TOKEN] ??= randomBytes(18).toString('base64url');
  return g[TOKEN];
}

/** True when the request is one of the proxy's rewrites. */
export function isSelfRequest(headers: Pick<Headers, 'get'>): boolean {
  return headers.get(INTERNAL_HEADER) === internalToken();
}

/** The client's Host: the carried one when the request bears the internal token, else Host itself. */
export function requestHost(headers: Pick<Headers, 'get'>): string | null {
  if (isSelfRequest(headers)) return headers.get(ORIGINAL_HOST_HEADER) ?? headers.get('host');
  return headers.get('host');
}

/** Headers that make a rewritten request one of the proxy's own, for the Host the client sent. */
export function selfRewriteHeaders(request: { headers: Headers }): Headers {
  const headers = new Headers(request.headers);
  headers.set(INTERNAL_HEADER, internalToken());
  headers.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  return headers;
}
