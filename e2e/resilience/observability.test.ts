import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { freePort, startServer, type RunningServer } from '../support/server';

type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: Array<{ key: string; value: Record<string, unknown> }> };
type LogLine = Record<string, unknown> & { msg: string };

/** An OTLP/HTTP (JSON) trace receiver inside the test process. */
async function otlpReceiver(): Promise<{ port: number; spans: Span[]; close: () => Promise<void> }> {
  const spans: Span[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Span[] }> }> };
        for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { port, spans, close: () => new Promise((r) => server.close(() => r())) };
}

// Log lines are written as each answer ends, and spans leave every 200 ms (OTEL_BSP_SCHEDULE_DELAY below): 15 s bounds something that never comes, at many times a loaded machine's delay.
const until = async (what: string, check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // A poll interval, not a bound.
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('logs, metrics and traces of a production server', () => {
  let server: RunningServer;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let metricsPort: number;
  const host = () => `mare.localhost:${server.port}`;
  const lines = (): LogLine[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  const requestLines = (path: string) => lines().filter((l) => l.msg === 'request' && l.path === path);

  beforeAll(async () => {
    receiver = await otlpReceiver();
    metricsPort = await freePort();
    server = await startServer('observability', {
      METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      RATE_LIMIT_MARKDOWN: '2',
      TRUSTED_PROXIES: '127.0.0.1',
      DEMO_EVENTS: '60',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const firstSlug = async () => {
    const list = (await request(server.port, '/api/public/v1/events?per_page=3', { host: host() })).json() as { data: Array<{ slug: string }> };
    return list.data.map((e) => e.slug);
  };

  test('one JSON line per request: time, method, route and path, status, duration, brand, cache, trace id, hashed rate-limit key', async () => {
    const [slug] = await firstSlug();
    const path = `/api/public/v1/events/${slug}`;
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const headers = { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-forwarded-for': '198.51.100.7' };
    expect((await request(server.port, path, { host: host(), headers })).status).toBe(200);
    expect((await request(server.port, path, { host: host(), headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(200);
    await until('the log lines', () => requestLines(path).length === 2);
    const [first, second] = requestLines(path) as [LogLine, LogLine];
    expect(first).toMatchObject({ method: 'GET', route: '/api/public/v1/events/[slug]', path, status: 200, brand: 'mare', cache: 'miss', trace_id: traceId });
    expect(new Date(first.time as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(first.duration_ms).toEqual(expect.any(Number));
    expect(first.rate_key).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(first)).not.toContain('198.51.100.7');
    // Same key, same hash; no traceparent: a new W3C trace id; the answer now from the snapshot.
    expect(second).toMatchObject({ cache: 'hit', rate_key: first.rate_key });
    expect(second.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(second.trace_id).not.toBe(traceId);
  });

  test("an event page asks the catalog in the process whether its event exists, never the server's own API", async () => {
    const [slug] = await firstSlug();
    const missing = `nenhum-evento-${Date.now()}`;
    const asked = [`/eventos/${slug}`, `/eventos/${missing}`];
    expect((await request(server.port, `${asked[0]}?exists=1`, { host: host() })).status).toBe(200);
    expect((await request(server.port, asked[1]!, { host: host() })).status).toBe(404);
    // A signed-in person's page of a missing event: rendered for them alone, the same 404 page.
    expect((await request(server.port, asked[1]!, { host: host(), headers: { cookie: 'sessao=ninguem' } })).status).toBe(404);
    await until('the log lines of the pages', () => requestLines(asked[0]!).length >= 1 && requestLines(asked[1]!).length >= 2);
    // Each page's own requests (its render) are logged before the page's line.
    const apiChecks = lines().filter((l) => l.msg === 'request' && l.method === 'HEAD' && [slug, missing].some((s) => l.path === `/api/public/v1/events/${s}`));
    expect(apiChecks).toEqual([]);
  });

  test('metrics on their own listener only: HTTP by route template and status, database, snapshot cache, renders, Markdown, rate limits, event loop and memory', async () => {
    const [a, b] = await firstSlug();
    expect((await request(server.port, `/eventos/${a}`, { host: host() })).status).toBe(200);
    for (let i = 0; i < 3; i++) await request(server.port, `/eventos/${b}`, { host: host(), headers: { accept: 'text/markdown', 'x-forwarded-for': '198.51.100.9' } });
    expect((await request(server.port, '/metrics', { host: host() })).status).toBe(404);
    const reply = await request(metricsPort, '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.header('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.text;
    expect(text).toMatch(/^http_server_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/public\/v1\/events\/\[slug\]",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_server_request_duration_seconds_count\{method="GET",route="\/eventos\/\[slug\]",status="200"\} [1-9]/m);
    expect(text).toMatch(/^catalog_db_query_duration_seconds_count\{backend="pglite",operation="select"\} [1-9]/m);
    expect(text).toMatch(/^# TYPE catalog_db_query_errors_total counter$/m);
    expect(text).toMatch(/^# TYPE catalog_db_pool_connections gauge$/m); // samples on PostgreSQL only
    expect(text).toMatch(/^catalog_snapshot_cache_requests_total\{cache="catalog",result="hit"\} [1-9]/m);
    expect(text).toMatch(/^catalog_snapshot_cache_requests_total\{cache="catalog",result="miss"\} [1-9]/m);
    expect(text).toMatch(/^catalog_cache_bytes\{cache="catalog"\} [1-9]\d{2,}/m);
    expect(text).toMatch(/^catalog_page_render_duration_seconds_count\{status="200"\} [1-9]/m);
    expect(text).toMatch(/^catalog_markdown_conversion_duration_seconds_count [1-9]/m);
    expect(text).toMatch(/^catalog_rate_limit_rejections_total\{budget="markdown"\} 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
    // Set by the full collection that follows the embedded catalog's start-up, and each one after.
    expect(text).toMatch(/^nodejs_heap_used_after_gc_bytes [1-9]\d{6,}$/m);
  });

  test('traces over OTLP: the spans of one page request share its trace, with the render and each database statement', async () => {
    const [, , slug] = await firstSlug();
    const traceId = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';
    const page = await request(server.port, `/eventos/${slug}?from=trace`, { host: host(), headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    expect(page.status).toBe(200);
    await until('the spans of the request', () => {
      const names = receiver.spans.filter((s) => s.traceId === traceId).map((s) => s.name);
      return names.includes('page render') && names.some((n) => n.startsWith('db ')) && receiver.spans.some((s) => s.traceId === traceId && s.kind === 2);
    });
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    // The request itself (a SERVER span, Next's), the render, and database statements inside it.
    expect(spans.filter((s) => s.kind === 2).length).toBeGreaterThanOrEqual(1);
    expect(spans.find((s) => s.name === 'db select')?.attributes.find((a) => a.key === 'db.operation.name')?.value).toEqual({ stringValue: 'select' });
    // The log line of the request carries the same trace id.
    expect(requestLines(`/eventos/${slug}`).some((l) => l.trace_id === traceId)).toBe(true);

    const mdTrace = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
    const md = await request(server.port, `/eventos/${slug}`, { host: host(), headers: { accept: 'text/markdown', traceparent: `00-${mdTrace}-b7ad6b7169203332-01` } });
    expect(md.status).toBe(200);
    await until('the Markdown conversion span', () => receiver.spans.some((s) => s.traceId === mdTrace && s.name === 'markdown convert'));
  });
});
