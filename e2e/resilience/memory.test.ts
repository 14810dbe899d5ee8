import { afterAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { crawl, crawlContext, type CrawlResult } from '../support/crawler';
import { createTestDatabase, postgresReachable } from '../support/postgres';
import { startServer, type HeapFigures, type RunningServer } from '../support/server';

// No answer outlives its request: a crawler's unique URLs of every kind (API searches and
// details, pages, 404s, Markdown, client-router payloads, MCP and A2A calls, the
// authentication host, requests abandoned halfway) against a production server whose heap
// is small enough that keeping a few KiB per request would exhaust it. Retained memory is
// read after forced full collections (GC is exposed to this server only, through
// e2e/support/heap-probe.mjs), once the snapshot window has closed, so that the caches'
// legitimate contents are not counted; it must come back to where it was early in the run.

const MiB = 2 ** 20;
const HEAP_LIMIT_MB = 128;
const WARM_UP = 800;
const URLS = Number(process.env.MEMORY_URLS ?? 6_400);
/**
 * What the heap may grow by over the run: JIT code, feedback and lazily loaded modules,
 * which level off (measured: +4.4 to +5.9 MiB after 3,200 to 9,600 URLs). A leak of
 * 1.3 KiB per request passes it over 6,400 URLs.
 */
const MARGIN = 8 * MiB;
const WINDOW_MS = 2_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A run; `early`, `late` and `crawled` are missing when the server died before they were read. */
type Run = { server: RunningServer; early?: HeapFigures; late?: HeapFigures; crawled?: CrawlResult };

async function crawlOnce(env: Record<string, string>, count: number): Promise<Run> {
  const server = await startServer('memory', { CATALOG_CACHE_TTL_MS: String(WINDOW_MS), CACHE_MAX_MB: '4', LOG_LEVEL: 'warn', ...env }, {
    heapProbe: true,
    nodeArgs: [`--max-old-space-size=${HEAP_LIMIT_MB}`],
  });
  servers.push(server);
  // A server that runs out of heap exits: what was not read by then stays missing.
  const heap = () => (server.alive() ? server.heap().catch((e: unknown) => (server.alive() ? Promise.reject(e) : undefined)) : Promise.resolve(undefined));
  const ctx = await crawlContext(server.port);
  await crawl(ctx, 0, WARM_UP);
  // Entries of the current snapshot window are dropped when it closes.
  await pause(WINDOW_MS + 500);
  const early = await heap();
  if (!early) return { server };
  const crawled = await crawl(ctx, WARM_UP, count);
  await pause(WINDOW_MS + 500);
  return { server, early, late: await heap(), crawled };
}

const grown = (run: Run) => (run.early && run.late ? run.late.heapUsed - run.early.heapUsed : Infinity);
const describeRun = (run: Run) =>
  !run.early || !run.late || !run.crawled
    ? 'the server died'
    : `${run.crawled.requests} requests (${run.crawled.abandoned} abandoned); heap after collection ${(run.early.heapUsed / MiB).toFixed(1)} → ${(run.late.heapUsed / MiB).toFixed(1)} MiB, RSS ${(run.late.rss / MiB).toFixed(0)} MiB`;
/** The check itself: alive, and back within the margin of its early heap. */
const keepsNothing = (run: Run) => run.server.alive() && grown(run) < MARGIN;

const servers: RunningServer[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const drop of drops) await drop();
});

const postgres = await postgresReachable();
if (!postgres && process.env.CI === 'true') throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432, and CI=true requires the PostgreSQL run.');

describe(`memory under --max-old-space-size=${HEAP_LIMIT_MB}`, () => {
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
    expect(keepsNothing(run)).toBe(true);
    await run.server.stop();
  };

  test(`embedded catalog: ${URLS.toLocaleString('en')} unique URLs of every kind leave the heap where it was`, { timeout: 900_000 }, () => kinds('embedded', {}));

  test.skipIf(!postgres)(`PostgreSQL: ${URLS.toLocaleString('en')} unique URLs of every kind leave the heap where it was`, { timeout: 900_000 }, async () => {
    const db = await createTestDatabase('catalog_memory');
    drops.push(db.drop);
    await kinds('PostgreSQL', { DATABASE_URL: db.url });
  });

  // The same check against a server that keeps one response per request (the heap probe's
  // deliberate leak): it must fail, or this file proves nothing.
  test('the check fails on a server that keeps one response per request', { timeout: 600_000 }, async () => {
    const run = await crawlOnce({ HEAP_PROBE_LEAK: '1' }, 1_600);
    console.log(`[memory] deliberate leak: ${run.server.alive() ? describeRun(run) : 'the server died'}`);
    // It either died of its leak (as it does once the pages it keeps outgrow the heap) or
    // came back above the margin.
    expect(run.server.alive() ? grown(run) : Infinity).toBeGreaterThanOrEqual(MARGIN);
    expect(keepsNothing(run)).toBe(false);
    await run.server.stop();
  });
});
