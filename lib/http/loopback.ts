import { request, type IncomingHttpHeaders } from 'node:http';
import { config } from '../config';
import { INTERNAL_HEADER, internalToken } from '../markdown/internal';
import { traceHeaders } from '../observability/tracing';

// The production server's listener for its own requests (server.mjs); else the public port.
const LOOPBACK_PORT = Symbol.for('event-catalog.loopback-port');
const loopbackPort = (): number => (globalThis as { [LOOPBACK_PORT]?: number })[LOOPBACK_PORT] ?? config().port;

export type LoopbackReply = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One request of this server to itself, for a Host, carrying the internal token (no
 * rate-limit budget). Used for what the proxy cannot do in-process: render a page,
 * ask the API whether an event exists.
 */
export function loopback(path: string, host: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<LoopbackReply> {
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
