import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { config } from '../config';
import { INTERNAL_HEADER, INTERNAL_TOKEN as TOKEN } from '../server/markers.mjs';
import { traceHeaders } from '../observability/tracing';

// The server's requests to itself, in one place: the page renders that fill the page
// cache, the page fetches that the Markdown route converts, and the proxy's rewrites to
// internal routes (/md, the auth host). Each carries
// a per-process token: it spends no rate-limit budget, and the internal routes answer
// only requests that bear it, so they are no way around the proxy.

// The production server's listener for its own requests (server.mjs); else the public port.
const LOOPBACK_PORT = Symbol.for('event-catalog.loopback-port');
type WithSelf = typeof globalThis & { [TOKEN]?: string; [LOOPBACK_PORT]?: number };

export { INTERNAL_HEADER };
/** The Host the client sent, carried across a rewrite (Next may replace Host on rewrites). */
export const ORIGINAL_HOST_HEADER = 'x-catalog-host';
/** Marks the request that fetches a page's HTML for conversion: never negotiated again. */
export const RENDER_HEADER = 'x-catalog-render';

/** The process's token; on globalThis because each Next bundle has its own copy of this module. */
export function internalToken(): string {
  const g = globalThis as WithSelf;
  g[TOKEN] ??= randomBytes(18).toString('base64url');
  return g[TOKEN];
}

/** True when the request is one of the server's own. */
export function isSelfRequest(headers: Pick<Headers, 'get'>): boolean {
  return headers.get(INTERNAL_HEADER) === internalToken();
}

/** The client's Host: the carried one when the request bears the internal token, else Host itself. */
export function requestHost(headers: Pick<Headers, 'get'>): string | null {
  if (isSelfRequest(headers)) return headers.get(ORIGINAL_HOST_HEADER) ?? headers.get('host');
  return headers.get('host');
}

/** Headers that make a rewritten request one of the server's own, for the Host the client sent. */
export function selfRewriteHeaders(request: { headers: Headers }): Headers {
  const headers = new Headers(request.headers);
  headers.set(INTERNAL_HEADER, internalToken());
  headers.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  return headers;
}

export type SelfReply = { status: number; headers: IncomingHttpHeaders; body: string };

const loopbackPort = (): number => (globalThis as WithSelf)[LOOPBACK_PORT] ?? config().port;

/**
 * One request of this server to itself, for a Host, carrying the internal token and the
 * trace context. Used for what the proxy cannot do in-process: render a page (whether an
 * event exists it asks of the catalog itself, lib/site/event-exists.ts).
 */
export function selfRequest(path: string, host: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<SelfReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: loopbackPort(),
        method: options.method ?? 'GET',
        path,
        headers: { ...options.headers, ...traceHeaders(), host, [INTERNAL_HEADER]: internalToken() },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
