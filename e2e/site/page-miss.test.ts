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
      // listing's filter options (two statements); for the link to its producer, one; its
      // similar events with their cards' facts and prices, one. A second read of the event
      // (the metadata's, or a check before the render) is more.
      const most = 3 + (event.location?.city ? 2 : 0) + (event.producer ? 1 : 0) + 1;
      expect((await statements()) - before, slug).toBeLessThanOrEqual(most);
    }
  });

  test("the server's own render of a page does not pass through the proxy again", async () => {
    const path = `/?q=samba&render=${Date.now()}`;
    expect((await get(path)).status).toBe(200);
    const bare = path.split('?')[0]!;
    // The client's request and the render each have a log line; the proxy notes the brand
    // of the requests it handles, and the render's line has none.
    await expect.poll(() => requestLines(bare).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const lines = requestLines(bare);
    expect(lines.filter((l) => l.brand === 'aurora').length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.brand === undefined).length).toBeGreaterThanOrEqual(1);
  });
});
