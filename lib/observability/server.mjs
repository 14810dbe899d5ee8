// Request logs, HTTP metrics and the metrics listener of the production server. Plain
// JavaScript: server.mjs loads it directly, outside Next's bundles. The bundles reach the
// per-request record through the AsyncLocalStorage published on globalThis here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import pino from 'pino';
import client from 'prom-client';

const CONTEXT = Symbol.for('event-catalog.request-context');
const LOGGER = Symbol.for('event-catalog.logger');

/**
 * The process's one logger (JSON lines on stdout), shared with the bundles. Each line is
 * written as it is logged: nothing is left to write at exit, where pino's last write to
 * a reader that has gone (the pipe of a parent that was killed) is retried for ever and
 * the process never exits. A reader that has gone stops the logging, not the server.
 */
export function processLogger(level) {
  globalThis[LOGGER] ??= pino(
    { level: level || 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime, messageKey: 'msg' },
    pino.destination({ dest: 1, sync: true }),
  );
  return globalThis[LOGGER];
}

const storage = (globalThis[CONTEXT] ??= new AsyncLocalStorage());

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ZERO_TRACE = '0'.repeat(32);

/**
 * The W3C trace id of a request: the one its `traceparent` carries, or a new one. A new
 * one is written into the request as a `traceparent`, so that the spans OpenTelemetry
 * records for the request carry the id of its log line.
 */
export function traceIdOf(req) {
  const header = req.headers.traceparent;
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim().toLowerCase()) : null;
  if (match && match[1] !== ZERO_TRACE) return match[1];
  const id = randomBytes(24).toString('hex');
  req.headers.traceparent = `00-${id.slice(0, 32)}-${id.slice(32)}-01`;
  delete req.headers.tracestate;
  return id.slice(0, 32);
}

/** Route templates of the build (`/eventos/[slug]`), so that labels and logs stay bounded. */
export function routeMatcher(distDir) {
  let manifest = { staticRoutes: [], dynamicRoutes: [] };
  try {
    manifest = JSON.parse(readFileSync(join(distDir, 'routes-manifest.json'), 'utf8'));
  } catch {
    // no build manifest: every path is "unmatched"
  }
  const statics = new Set((manifest.staticRoutes ?? []).map((r) => r.page));
  const dynamics = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  // The most recent paths only: a crawler's unique paths must not pile up here.
  const cache = new LRUCache({ max: 1_000 });
  return (pathname) => {
    const hit = cache.get(pathname);
    if (hit) return hit;
    let route = statics.has(pathname) ? pathname : undefined;
    if (!route) route = dynamics.find((d) => d.regex.test(pathname))?.page;
    if (!route && pathname.startsWith('/_next/')) route = '/_next/*';
    route ??= 'unmatched';
    cache.set(pathname, route);
    return route;
  };
}

let httpDuration;
function httpHistogram() {
  httpDuration ??= new client.Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return httpDuration;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'TRACK']);

/**
 * Wraps the request handler: a record per request in the AsyncLocalStorage (the app adds
 * brand, cache and rate-limit key to it), and when the response is done one log line and
 * one histogram observation.
 */
export function observeRequests(handler, { distDir, logger, metrics }) {
  const routeOf = routeMatcher(distDir);
  const histogram = metrics ? httpHistogram() : undefined;
  return (req, res) => {
    const start = process.hrtime.bigint();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const method = req.method ?? 'GET';
    const record = { traceId: traceIdOf(req), brand: undefined, cache: undefined, rateKey: undefined };
    res.once('close', () => {
      const duration = Number(process.hrtime.bigint() - start) / 1e9;
      const route = routeOf(path);
      const status = res.headersSent ? res.statusCode : 0;
      histogram?.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) }, duration);
      logger.info({
        trace_id: record.traceId,
        method,
        route,
        path: path.length > 512 ? path.slice(0, 512) : path,
        status,
        duration_ms: Math.round(duration * 1e6) / 1e3,
        brand: record.brand,
        cache: record.cache,
        rate_key: record.rateKey,
        ...(res.writableFinished ? {} : { aborted: true }),
      }, 'request');
    });
    storage.run(record, handler, req, res);
  };
}

/**
 * Connections of the public listener: those its limits turned away or cut, and those
 * open (read from `open()` at scrape time). Returns the hooks the limits call.
 */
export function connectionMetrics(open) {
  const refused = new client.Counter({
    name: 'http_server_connections_refused_total',
    help: 'Connections refused by the connection limits, by reason: address, total or overflow.',
    labelNames: ['reason'],
  });
  const shed = new client.Counter({ name: 'http_server_connections_shed_total', help: 'Connections cut to make room for a new one when the total was reached.' });
  new client.Gauge({
    name: 'http_server_open_connections',
    help: 'Connections open on the public listener.',
    collect() {
      this.set(open());
    },
  });
  return { onRefuse: (reason) => refused.inc({ reason }), onShed: () => shed.inc() };
}

/**
 * The heap in use just after each full (mark-compact) collection: what the process really
 * keeps. `nodejs_heap_size_used_bytes` is read at scrape time and rises and falls with the
 * garbage not yet collected; this one rises only when something is retained.
 */
function observeHeapAfterCollection() {
  const gauge = new client.Gauge({ name: 'nodejs_heap_used_after_gc_bytes', help: 'Heap in use right after the last full garbage collection (mark-compact), in bytes.' });
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) gauge.set(process.memoryUsage().heapUsed);
  }).observe({ entryTypes: ['gc'] });
}

/** A listener of its own for the Prometheus text exposition; never the public port. */
export function startMetricsListener(port, host, logger) {
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
  observeHeapAfterCollection();
  const server = createServer(async (req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    try {
      const body = await client.register.metrics();
      res.writeHead(200, { 'Content-Type': client.register.contentType }).end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      logger.error({ err: error }, 'metrics exposition failed');
      res.writeHead(500).end();
    }
  });
  server.listen(port, host, () => logger.info({ port, host }, 'metrics listening'));
  return server;
}
