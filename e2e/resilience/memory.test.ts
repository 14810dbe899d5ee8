import { afterAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { crawl, crawlContext, type CrawlResult } from '../support/crawler';
import { createTestDatabase, postgresReachable } from '../support/postgres';
import { startServer, type HeapFigures, type RunningServer } from '../support/server';

// No answer outlives its request: a crawler's unique URLs of every kind (API searches and
// details, pages, 404s, Markdown, client-router payloads, MCP and A2A calls, the
// authentication host, requests abandoned halfway) against a production server. Retained
// memory is read after forced full collections (GC is exposed to this server only, through
// e2e/support/heap-probe.mjs), once the snapshot window has closed, so that the caches'
// legitimate contents are not counted. The bounds follow from what the server holds at
// rest, read at the start of the run, plus a stated allowance each, not from a fixed heap
// size: a busy machine has more requests in flight at once, not more memory kept after them.

const MiB = 2 ** 20;
const WARM_UP = 800;
const URLS = Number(process.env.MEMORY_URLS ?? 6_400);
/**
 * What the heap after collection may grow by over the run: JIT code, feedback and lazily
 * loaded modules, which level off (measured: +4.4 to +5.9 MiB after 3,200 to 9,600 URLs on
 * a quiet machine; -0.3 to +6.7 MiB over 6,400 URLs in six runs with three copies of the
 * suite at once on 2 cores, load average 5-7). Keeping 1.9 KiB per request passes it over
 * 6,400 URLs; the leaking server below keeps about 34 KiB per request.
 */
const MARGIN = 12 * MiB;
/**
 * What may be live at once on top of the resting heap, seen right after a full collection
 * V8 ran on its own during the crawl: eight requests in flight (the crawler's concurrency),
 * their renders and the snapshot window's answers (at most CACHE_MAX_MB × 3 = 12 MiB).
 * Measured at load average 14 on 2 cores: +23.4 MiB on the embedded catalog, +22.1 MiB on
 * PostgreSQL. On Node 24, six runs of the suite (three at once, then three one at a time),
 * both catalogs: +17.4 to +24.5 MiB, and once +53.8 MiB on PostgreSQL on a quiet machine.
 * The allowance is near twice that highest reading; the leaking server below fails on its
 * growth, not here.
 */
const IN_FLIGHT = 96 * MiB;
/** The snapshot window of this server; reading the heap waits it out, with room for a timer that fires late. */
const WINDOW_MS = 2_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A run; `early`, `late` and `crawled` are missing when the server died before they were read. */
type Run = { server: RunningServer; resting?: HeapFigures; early?: HeapFigures; late?: HeapFigures; crawled?: CrawlResult };

async function crawlOnce(env: Record<string, string>, count: number): Promise<Run> {
  const server = await startServer('memory', { CATALOG_CACHE_TTL_MS: String(WINDOW_MS), CACHE_MAX_MB: '4', LOG_LEVEL: 'warn', ...env }, { heapProbe: true });
  servers.push(server);
  // A server that dies (of its heap or otherwise) exits: what was not read by then stays missing.
  const heap = () => (server.alive() ? server.heap().catch((e: unknown) => (server.alive() ? Promise.reject(e) : undefined)) : Promise.resolve(undefined));
  const resting = await heap();
  const ctx = await crawlContext(server.port);
  await crawl(ctx, 0, WARM_UP);
  // Entries of the current snapshot window are dropped when it closes; the wait only has
  // to outlast the window, and a late timer makes it longer, never shorter.
  await pause(WINDOW_MS + 500);
  const early = await heap();
  if (!early) return { server, resting };
  const crawled = await crawl(ctx, WARM_UP, count);
  await pause(WINDOW_MS + 500);
  return { server, resting, early, late: await heap(), crawled };
}

const grown = (run: Run) => (run.early && run.late ? run.late.heapUsed - run.early.heapUsed : Infinity);
/** The most held right after a full collection during the crawl, over the heap after the warm-up. */
const inFlight = (run: Run) => (run.early && run.late ? Math.max(0, run.late.peakAfterMajor - run.early.heapUsed) : Infinity);
const mib = (n: number) => (n / MiB).toFixed(1);
const describeRun = (run: Run) =>
  !run.resting || !run.early || !run.late || !run.crawled
    ? 'the server died'
    : `${run.crawled.requests} requests (${run.crawled.abandoned} abandoned); heap after collection: at start ${mib(run.resting.heapUsed)}, after the warm-up ${mib(run.early.heapUsed)} → after the crawl ${mib(run.late.heapUsed)} MiB (grew ${mib(grown(run))}, margin ${mib(MARGIN)}); ` +
      `peak after V8's own full collections ${run.late.peakAfterMajor ? `${mib(run.late.peakAfterMajor)} MiB (+${mib(inFlight(run))}, allowance ${mib(IN_FLIGHT)})` : 'none ran'}; RSS ${(run.resting.rss / MiB).toFixed(0)} → ${(run.late.rss / MiB).toFixed(0)} MiB`;
/** The check itself: alive, back within the margin of its early heap, and never far above it. */
const keepsNothing = (run: Run) => run.server.alive() && grown(run) < MARGIN && inFlight(run) < IN_FLIGHT;

const servers: RunningServer[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const drop of drops) await drop();
});

const postgres = await postgresReachable();
if (!postgres && process.env.CI === 'true') throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432, and CI=true requires the PostgreSQL run.');

describe('memory: the heap after collection stays within an allowance of where it rests', () => {
  const kinds = async (catalog: string, env: Record<string, string>) => {
    const run = await crawlOnce(env, URLS);
    console.log(`[memory] ${catalog}: ${describeRun(run)}`);
    expect(run.server.alive() && run.crawled !== undefined, run.server.output().slice(-3000)).toBe(true);
    if (!run.crawled) return;
    expect(run.crawled.failures, 'no 5xx, no unanswered request').toEqual([]);
    // Every kind was asked and answered, with the statuses it should have.
    const statuses = Object.keys(run.crawled.statuses).sort();
    for (const expected of ['api search 200', 'api filters 200', 'api detail 200', 'api missing 404', 'listing page 200', 'event page 200', 'missing page 404', 'unknown path 404', 'markdown listing 200', 'markdown event 200', 'client router 200', 'mcp search 200', 'mcp event 200', 'a2a message 200']) {
      expect(statuses).toContain(expected);
    }
    expect(statuses.some((s) => s.startsWith('auth token 4')), statuses.join(', ')).toBe(true);
    expect(statuses.some((s) => s.startsWith('auth challenge ')), statuses.join(', ')).toBe(true);
    expect(run.crawled.abandoned).toBeGreaterThan(URLS / 32);
    expect((await request(run.server.port, '/api/public/v1/health')).status).toBe(200);
    expect(grown(run)).toBeLessThan(MARGIN);
    expect(inFlight(run)).toBeLessThan(IN_FLIGHT);
    expect(keepsNothing(run)).toBe(true);
    await run.server.stop();
  };

  // Bounds on a run that crawls too slowly (a request with no answer fails the crawl after
  // 60 s on its own): on 2 cores the embedded run took 505 s at load average 14 and
  // 1,123 s at 15 to 21, the PostgreSQL one 342 to 693 s, the deliberate leak 244 to 307 s.
  test(`embedded catalog: ${URLS.toLocaleString('en')} unique URLs of every kind leave the heap where it was`, { timeout: 2_700_000 }, () => kinds('embedded', {}));

  test.skipIf(!postgres)(`PostgreSQL: ${URLS.toLocaleString('en')} unique URLs of every kind leave the heap where it was`, { timeout: 2_700_000 }, async () => {
    const db = await createTestDatabase('catalog_memory');
    drops.push(db.drop);
    await kinds('PostgreSQL', { DATABASE_URL: db.url });
  });

  // The same check against a server that keeps one response per request (the heap probe's
  // deliberate leak): it must fail, or this file proves nothing.
  test('the check fails on a server that keeps one response per request', { timeout: 900_000 }, async () => {
    const run = await crawlOnce({ HEAP_PROBE_LEAK: '1' }, 1_600);
    console.log(`[memory] deliberate leak: ${run.server.alive() ? describeRun(run) : 'the server died'}`);
    // It either died (which a server on a bounded heap does once the pages it keeps
    // outgrow it) or came back above the margin.
    expect(run.server.alive() ? grown(run) : Infinity).toBeGreaterThanOrEqual(MARGIN);
    expect(keepsNothing(run)).toBe(false);
    await run.server.stop();
  });
});
