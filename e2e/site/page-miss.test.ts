import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { freePort, startServer, type RunningServer } from '../support/server';

// What a page that no cache holds costs the server: with the snapshot cache off, every
// catalog answer is a statement, counted by the server's own metrics.
describe('a page no cache holds', () => {
  let server: RunningServer;
  let metricsPort: number;
  const host = () => `aurora.localhost:${server.port}`;
  const get = (path: string) => request(server.port, path, { host: host(), headers: { accept: 'text/html' } });
  /** Statements the catalog has run so far. */
  const statements = async () => {
    const text = (await request(metricsPort, '/metrics')).text;
    return [...text.matchAll(/^catalog_db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  const requestLines = (path: string) =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request' && l.path === path);

  beforeAll(async () => {
    metricsPort = await freePort();
    // The mail outbox's sweep runs statements of the process's own: once as the catalog opens, then not within this test.
    server = await startServer('page-miss', { CATALOG_CACHE_TTL_MS: '0', METRICS_PORT: String(metricsPort), DEMO_EVENTS: '40', MAIL_OUTBOX_SWEEP_S: '86400' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('an event page reads its event once: the event, its tickets, its facts, the city and the producer of its links', async () => {
    const list = (await request(server.port, '/api/public/v1/events?per_page=5', { host: host() })).json() as { data: Array<{ slug: string }> };
    // The process's first page render runs statements of its own, once: not this count.
    const [warm, ...measured] = list.data;
    expect((await get(`/eventos/${warm!.slug}`)).status).toBe(200);
    for (const { slug } of measured) {
      const event = (await request(server.port, `/api/public/v1/events/${slug}`, { host: host() })).json() as { location: { city: string | null } | null; producer: unknown };
      const before = await statements();
      const page = await get(`/eventos/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>');
      // One read of the event, its tickets and its facts; for the link to its city, the
      // listing's filter options (one statement, the cities' centres with their counts); for
      // the link to its producer, one; its similar events with their cards' facts and
      // prices, one. A second read of the event (the metadata's, or a check before the
      // render) is more.
      const most = 3 + (event.location?.city ? 1 : 0) + (event.producer ? 1 : 0) + 1;
      expect((await statements()) - before, slug).toBeLessThanOrEqual(most);
    }
  });

  test('a missing event, with no snapshot window: its own render, then the site\'s 404 page, which reads no catalog and is held for the process', async () => {
    const renders = async () => {
      const text = (await request(metricsPort, '/metrics')).text;
      return [...text.matchAll(/^catalog_page_render_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    const pages: string[] = [];
    for (const [slug, rendered] of [
      [`no-such-event-${Date.now()}`, 2],
      [`no-such-event-either-${Date.now()}`, 1],
      [`no-such-event-either-${Date.now()}`, 1],
    ] as const) {
      const before = await renders();
      const page = await get(`/eventos/${slug}`);
      expect(page.status).toBe(404);
      expect(page.header('cache-control')).toBe('public, no-cache');
      expect(await renders(), slug).toBe(before + rendered);
      pages.push(page.text);
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('Página não encontrada');
  });

  test('a page no cache holds is rendered in the request that asks for it: one pass through the server', async () => {
    const path = `/?q=samba&render=${Date.now()}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1');
    const bare = path.split('?')[0]!;
    // One request line, the client's (the proxy notes its brand): no second request of the
    // server to itself renders the page.
    await expect.poll(() => requestLines(bare).filter((l) => l.brand === 'aurora').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(requestLines(bare)).toHaveLength(1);
  });

  test('a page asked for as Markdown is rendered and converted in the request that asks for it: one pass through the server', async () => {
    const path = `/categoria/shows?markdown=${Date.now()}`;
    const page = await request(server.port, path, { host: host(), headers: { accept: 'text/markdown' } });
    expect(page.status).toBe(200);
    expect(page.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(page.text).toMatch(/^---\ntitle: /);
    const bare = path.split('?')[0]!;
    // The client's request line alone: no fetch of the page's HTML from the server itself,
    // and no rewrite to a route of its own.
    await expect.poll(() => requestLines(bare).filter((l) => l.brand === 'aurora').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(requestLines(bare)).toHaveLength(1);
    expect(requestLines(`/md${bare}`)).toHaveLength(0);
  });
});

// Within a snapshot window, the requests of one page that no cache holds yet share one
// render, whichever of them renders it, and each gets the stored page as any later visitor
// does, compressed when it asks for it.
describe('a page many ask for at once', () => {
  let server: RunningServer;
  let metricsPort: number;
  const renders = async () => {
    const text = (await request(metricsPort, '/metrics')).text;
    return [...text.matchAll(/^catalog_page_render_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  /** A GET with raw bytes back, gunzipped when the answer is gzip. */
  const fetchPage = (path: string, gzip: boolean) =>
    new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: `aurora.localhost:${server.port}`, accept: 'text/html', ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    metricsPort = await freePort();
    // Windows are aligned to the clock: an hour's window keeps the test inside one.
    server = await startServer('page-miss-together', { CATALOG_CACHE_TTL_MS: '3600000', METRICS_PORT: String(metricsPort), DEMO_EVENTS: '40', MAIL_OUTBOX_SWEEP_S: '86400' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('one render for all of them, the same bytes and headers as the page served from the cache afterwards', async () => {
    const now = Date.now();
    // A search: its render. An unknown path: the site's 404 page, rendered once for the
    // process. A missing event: its render, which finds nothing and takes the 404 page held.
    const cases = [
      [`/?q=samba&together=${now}`, 1],
      [`/nada-aqui-${now}`, 1],
      [`/eventos/no-such-event-${now}`, 1],
      [`/eventos/no-such-event-either-${now}`, 1],
    ] as const;
    const notFoundPages = new Set<string>();
    for (const [path, rendered] of cases) {
      const before = await renders();
      const first = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => fetchPage(path, i % 2 === 0)));
      const later = await Promise.all([fetchPage(path, true), fetchPage(path, false)]);
      expect(await renders(), path).toBe(before + rendered);
      const status = first[0]!.status;
      expect([200, 404]).toContain(status);
      for (const [i, res] of [...first, ...later].entries()) {
        expect(res.status, path).toBe(status);
        expect(res.text, path).toBe(later[0]!.text);
        expect(res.headers['content-encoding'], `${path} ${i}`).toBe(i % 2 === 0 ? 'gzip' : undefined);
        const { date: _date, ...headers } = res.headers;
        const { date: _later, ...served } = later[i % 2]!.headers;
        expect(headers, `${path} ${i}`).toEqual(served);
      }
      expect(later[0]!.headers['cache-control']).toMatch(/^public, /);
      if (status === 404) notFoundPages.add(later[0]!.text);
    }
    // Whichever way a page found nothing, it is the same full 404 page.
    expect(notFoundPages.size).toBe(1);
    expect([...notFoundPages][0]).toContain('Página não encontrada');
  });
});
