// Production entry point: Next's own request handler behind a plain node:http server.
// What it does before Next sees a request, and after the app has answered, is what only
// the socket can know or what Next does not let a route decide; one comment per reason.
import { EventEmitter } from 'node:events';
import { ServerResponse, createServer } from 'node:http';
import { ensureHeapBound } from './lib/server/heap-bound.mjs';

// The heap bound comes first, before anything large is loaded: without an explicit one
// (--max-old-space-size, NODE_OPTIONS, HEAP_MAX_MIB), the process starts again with a
// bound that fits the machine or the container (lib/server/heap-bound.mjs).
await ensureHeapBound();
const { default: next } = await import('next');
const { bodyLimitFor, guardBody, screenRequest, sendScreened } = await import('./lib/http/raw-request.mjs');
const { connectionMetrics, observeRequests, processLogger, startMetricsListener } = await import('./lib/observability/server.mjs');
const { MIN_RESERVED_FILES, connectionSettings, limitConnections, serverOptions } = await import('./lib/server/connection-limits.mjs');
const { FLIGHT_HEADER, ORIGINAL_METHOD_HEADER, OVERSIZED_HEADER, PAGE_MARKER, PEER_HEADER } = await import('./lib/server/markers.mjs');
const { gracefulShutdown, handlerWork } = await import('./lib/server/shutdown.mjs');

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
// Off unless set; never the public port.
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
const metricsHost = process.env.METRICS_HOST || '127.0.0.1';
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
const logger = processLogger(process.env.LOG_LEVEL);
// Read before the app loads, so that a wrong value stops the start at once.
const limits = connectionSettings({
  MAX_CONNECTIONS: process.env.MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_ADDRESS: process.env.MAX_CONNECTIONS_PER_ADDRESS,
  HEADERS_TIMEOUT_MS: process.env.HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS: process.env.REQUEST_TIMEOUT_MS,
});
// The load balancers' connections carry every client's requests: no per-address limit for them.
const trustedProxies = (process.env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port)) {
  throw new Error(`METRICS_PORT must be a port other than PORT (${port}).`);
}
const REFUSED_BY_FETCH = new Set(['TRACE']);
const FLIGHT_REQUEST_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch'];

// Next serves a rewrite in the process when its origin is http://<hostname>:<port>, and
// forwards it over HTTP otherwise; its request URLs call the loopback literals (127.x,
// ::1) "localhost". Given a literal here, every rewrite (the authentication host)
// would make a hop over a pooled socket (to an address that may not listen, for ::1);
// given "localhost", rewrites stay in the process whatever the listen address.
const LOOPBACK_LITERAL = /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\])$/;
// Next listens for `upgrade` (WebSocket) on the server of its first request, and serves
// an upgrade request through the proxy and routes without passing this file's handler:
// no screening, no body guard, and a client-named peer address. This app serves no
// WebSocket, so Next gets a server of its own that never emits one; with no `upgrade`
// listener on the real servers, Node hands such a request to the request handler like
// any other, and it is answered as plain HTTP (RFC 9110 lets a server ignore Upgrade).
const app = next({ dev: false, port, hostname: LOOPBACK_LITERAL.test(host) ? 'localhost' : host, httpServer: new EventEmitter() });
await app.prepare();
const handle = app.getRequestHandler();

const handler = observeRequests((req, res) => {
  // Targets Next cannot route, a second Host: answered here, because Next would answer
  // them with a 500.
  const screened = screenRequest(req);
  if (screened) return sendScreened(res, screened, req.method);
  // A body past its limit never reaches the app, whole or in part (Next would buffer it
  // all, and a rewrite would forward it): the request goes on marked, for the proxy to
  // answer 413 in the format of its host, and the connection closes after that answer.
  guardBody(req, res, bodyLimitFor(req.url ?? '/'), OVERSIZED_HEADER, () => forward(req, res));
}, { distDir: '.next', logger, metrics: metricsPort !== undefined });

// The app's handlers at work, for the shutdown to wait for (lib/server/shutdown.mjs).
const handlers = handlerWork();
function forward(req, res) {
  // The rate limiter's client address is the socket's, which the app cannot see.
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
  // Next hides the client router's headers and its _rsc parameter from the proxy.
  delete req.headers[FLIGHT_HEADER];
  if (FLIGHT_REQUEST_HEADERS.some((name) => name in req.headers) || /[?&]_rsc=/.test(req.url ?? '')) req.headers[FLIGHT_HEADER] = '1';
  // Node's fetch Request refuses TRACE, which would make Next answer 500: it reaches the
  // app as GET with the original method in a header, and the proxy answers 405. (Node's
  // HTTP parser refuses methods it does not know, such as TRACK, with a 400 of its own.)
  delete req.headers[ORIGINAL_METHOD_HEADER];
  if (req.method && REFUSED_BY_FETCH.has(req.method)) {
    req.headers[ORIGINAL_METHOD_HEADER] = req.method;
    req.method = 'GET';
  }
  markPages(res);
  // A handler may go on after its client has gone: the shutdown waits for it before it
  // closes the catalog.
  handlers.run(res, () => handle(req, res));
}
// Bounds on how long a request's head and whole request may take, and on the connections
// a client, and all of them, may hold (lib/server/connection-limits.mjs): a flood of slow
// connections must not take every file descriptor of the process.
const server = createServer(serverOptions(limits), handler);
const connectionHooks = metricsPort === undefined ? {} : connectionMetrics(() => connections.open());
const connections = limitConnections(server, { ...limits, exempt: trustedProxies, logger, ...connectionHooks });
const limitFields = { open_files: limits.openFiles, files_left: limits.filesLeft, max_connections: limits.maxConnections, max_per_address: limits.maxPerAddress, headers_timeout_ms: limits.headersTimeoutMs, request_timeout_ms: limits.requestTimeoutMs };
if (limits.filesLeft !== undefined && limits.filesLeft < MIN_RESERVED_FILES) logger.warn(limitFields, 'MAX_CONNECTIONS leaves the server too few open files of its own: raise the open-file limit or lower MAX_CONNECTIONS');
else logger.info(limitFields, 'connection limits');

// Next's names for the target of a rewrite, set on the response (the last two for the
// client router, which this app's rewrites, all to non-page routes, never serve).
const REWRITE_HEADERS = ['x-middleware-rewrite', 'x-nextjs-rewritten-path', 'x-nextjs-rewritten-query'];

// The proxy marks page responses. Next drops a Vary set on App Router pages, and a
// page cannot choose its own status when the catalog is down: both are settled here,
// just before the head goes out.
function markPages(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    // Where the proxy sent a request inside the app (the authentication host's route) is
    // no business of the client.
    for (const name of REWRITE_HEADERS) res.removeHeader(name);
    if (res.getHeader(PAGE_MARKER)) {
      res.removeHeader(PAGE_MARKER);
      const vary = String(res.getHeader('vary') ?? '');
      const listed = vary.split(',').map((v) => v.trim().toLowerCase());
      if (!listed.includes('accept')) res.setHeader('Vary', vary ? `${vary}, Accept` : 'Accept');
      if (status === 500) return unavailable(res);
    }
    return writeHead.call(this, status, ...rest);
  };
}

// Next renders a failed page as an empty shell filled in by client script; a person
// without JavaScript would see nothing. The catalog is the only thing a page can fail
// on, so the answer becomes a short, plain 503 page.
const UNAVAILABLE_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Catálogo indisponível</title></head><body><main><h1>Catálogo indisponível no momento</h1><p>Não conseguimos consultar os eventos agora. Tente novamente em alguns instantes.</p><p><a href="/">Tentar de novo</a></p></main></body></html>`;
function unavailable(res) {
  // The plain ServerResponse methods: whatever wrapped write and end (compression) is skipped.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.write = () => true;
  res.end = function () {
    ServerResponse.prototype.end.call(res, UNAVAILABLE_HTML);
    return res;
  };
  return ServerResponse.prototype.writeHead.call(res, 503, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '5',
    Vary: 'Accept',
    'Content-Length': Buffer.byteLength(UNAVAILABLE_HTML),
  });
}
// CONNECT never reaches the request handler: answer it here.
server.on('connect', (_req, socket) => {
  socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
});
server.keepAliveTimeout = 65_000;
const metricsServer = metricsPort === undefined ? undefined : startMetricsListener(metricsPort, metricsHost, logger);
gracefulShutdown([server], { timeoutMs: shutdownTimeoutMs, logger, handlers, after: metricsServer ? [metricsServer] : [] });
server.listen(port, host, () => {
  console.log(`> Ready on http://localhost:${port}`);
  // One request through the app opens the catalog now, in the same module instance
  // that serves requests, so the first visitor does not wait for it.
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  fetch(`http://${local.includes(':') ? `[${local}]` : local}:${port}/api/public/v1/health`).catch(() => {});
});
