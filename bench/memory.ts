// Memory of one production server, side by side on the embedded catalog and on PostgreSQL:
// RSS after start, then a crawler's unique URLs of every kind (e2e/support/crawler.ts: API,
// pages, 404s, Markdown, client-router payloads, MCP, A2A, the authentication host, requests
// abandoned halfway) under --max-old-space-size=256. The heap is read after forced full
// collections (e2e/support/heap-probe.mjs), once the snapshot window has closed, after 2,000
// URLs and after 20,000; RSS is read as the operating system sees it (VmRSS).
// Part of `npm run bench`; `npx tsx bench/memory.ts` runs it alone. With `--shipped`, the
// crawl runs the server as shipped instead (`node server.mjs`, no flag: the heap bound it
// chooses for itself), on PostgreSQL only, and reads RSS alone (no heap probe, whose IPC
// channel would change how the server starts).
import { readFileSync } from 'node:fs';
import { request } from '../e2e/support/client';
import { crawl, crawlContext, type CrawlResult } from '../e2e/support/crawler';
import { createTestDatabase, postgresReachable, ADMIN_URL } from '../e2e/support/postgres';
import { startServer, type RunningServer } from '../e2e/support/server';

const MiB = 2 ** 20;
export const MEMORY_GOALS = { embeddedStart: 400, postgresStart: 250, rssAfterCrawl: 600, heapGrowth: 32, shippedRss: 450 };
const URLS = Number(process.env.BENCH_URLS ?? 20_000);
const EARLY = 2_000;
const HEAP_LIMIT_MB = 256;
/** A short snapshot window, so that the heap is read with the caches' windows closed. */
const WINDOW_MS = 5_000;

export type MemoryRow = { what: string; mib: number; goal: string; met: boolean | undefined; note?: string };

const SHIPPED = process.argv.includes('--shipped');

/** RSS of a process and of its children (a server that started itself again as a child counts both). */
function rssOf(pid: number): number {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or no such file on this kernel
  }
  return own + children.reduce((sum, child) => sum + rssOf(child), 0);
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seen = (c: CrawlResult) =>
  `${c.requests} requests, ${c.abandoned} abandoned, ${c.failures.length} failed, ${Object.values(c.statuses).reduce((a, b) => a + b, 0)} answered`;

/** RSS of a server as started for production, after one page and one API answer. */
async function startRss(env: Record<string, string>): Promise<number> {
  const server = await startServer('bench-memory-start', { LOG_LEVEL: 'warn', ...env });
  try {
    await request(server.port, '/');
    await request(server.port, '/api/public/v1/events');
    await pause(2_000);
    return rssOf(server.pid);
  } finally {
    await server.stop();
  }
}

/** The crawl under the small heap: heap after 2,000 and after all URLs, RSS at the end. */
async function crawlRows(catalog: string, env: Record<string, string>): Promise<MemoryRow[]> {
  if (SHIPPED) return shippedRows(catalog, env);
  const server: RunningServer = await startServer('bench-memory', { LOG_LEVEL: 'warn', CATALOG_CACHE_TTL_MS: String(WINDOW_MS), ...env }, {
    heapProbe: true,
    nodeArgs: [`--max-old-space-size=${HEAP_LIMIT_MB}`],
  });
  try {
    const ctx = await crawlContext(server.port);
    let peak = 0;
    const sampler = setInterval(() => server.alive() && (peak = Math.max(peak, rssOf(server.pid))), 1_000);
    const first = await crawl(ctx, 0, EARLY);
    await pause(WINDOW_MS + 500);
    const early = await server.heap();
    const rest = await crawl(ctx, EARLY, URLS - EARLY);
    clearInterval(sampler);
    if (!server.alive()) {
      return [{ what: `${catalog}: alive after ${URLS.toLocaleString('en')} unique URLs`, mib: NaN, goal: 'alive', met: false, note: server.output().slice(-300) }];
    }
    const rssEnd = rssOf(server.pid);
    await pause(WINDOW_MS + 500);
    const late = await server.heap();
    const growth = (late.heapUsed - early.heapUsed) / MiB;
    const note = `${seen(first)} + ${seen(rest)}`;
    return [
      { what: `${catalog}: RSS after ${URLS.toLocaleString('en')} unique URLs (peak ${(peak / MiB).toFixed(0)})`, mib: rssEnd / MiB, goal: `<= ${MEMORY_GOALS.rssAfterCrawl}`, met: rssEnd / MiB <= MEMORY_GOALS.rssAfterCrawl, note },
      { what: `${catalog}: heap after collection, after ${EARLY.toLocaleString('en')} URLs`, mib: early.heapUsed / MiB, goal: '', met: undefined },
      {
        what: `${catalog}: heap after collection, after ${URLS.toLocaleString('en')} URLs`,
        mib: late.heapUsed / MiB,
        goal: `<= ${(early.heapUsed / MiB + MEMORY_GOALS.heapGrowth).toFixed(0)}`,
        met: growth <= MEMORY_GOALS.heapGrowth,
        note: `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB`,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The crawl against the server as shipped (no flag): RSS after start, after 2,000 URLs and after all, with the peak. */
async function shippedRows(catalog: string, env: Record<string, string>): Promise<MemoryRow[]> {
  const server = await startServer('bench-memory', { LOG_LEVEL: 'warn', CATALOG_CACHE_TTL_MS: String(WINDOW_MS), ...env });
  try {
    const ctx = await crawlContext(server.port);
    const start = rssOf(server.pid);
    let peak = start;
    const sampler = setInterval(() => server.alive() && (peak = Math.max(peak, rssOf(server.pid))), 1_000);
    const first = await crawl(ctx, 0, EARLY);
    const early = rssOf(server.pid);
    const rest = await crawl(ctx, EARLY, URLS - EARLY);
    clearInterval(sampler);
    if (!server.alive()) return [{ what: `${catalog}: alive after ${URLS.toLocaleString('en')} unique URLs`, mib: NaN, goal: 'alive', met: false, note: server.output().slice(-300) }];
    const end = rssOf(server.pid);
    const v = `Node ${process.version}, shipped start`;
    return [
      { what: `${catalog} (${v}): RSS after start`, mib: start / MiB, goal: '', met: undefined },
      { what: `${catalog} (${v}): RSS after ${EARLY.toLocaleString('en')} URLs`, mib: early / MiB, goal: '', met: undefined },
      {
        what: `${catalog} (${v}): RSS after ${URLS.toLocaleString('en')} URLs (peak ${(peak / MiB).toFixed(0)})`,
        mib: end / MiB,
        goal: `<= ${MEMORY_GOALS.shippedRss}`,
        met: end / MiB <= MEMORY_GOALS.shippedRss,
        note: `${seen(first)} + ${seen(rest)}`,
      },
    ];
  } finally {
    await server.stop();
  }
}

export async function measureMemory(): Promise<MemoryRow[]> {
  const rows: MemoryRow[] = [];
  if (SHIPPED) {
    const db = await createTestDatabase('bench_memory');
    try {
      return await crawlRows('PostgreSQL', { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  }
  const embeddedStart = (await startRss({})) / MiB;
  rows.push({ what: 'embedded catalog: RSS after start', mib: embeddedStart, goal: `<= ${MEMORY_GOALS.embeddedStart}`, met: embeddedStart <= MEMORY_GOALS.embeddedStart });
  rows.push(...(await crawlRows('embedded', {})));

  if (await postgresReachable()) {
    const db = await createTestDatabase('bench_memory');
    try {
      const pgStart = (await startRss({ DATABASE_URL: db.url })) / MiB;
      rows.push({ what: 'PostgreSQL: RSS after start', mib: pgStart, goal: `<= ${MEMORY_GOALS.postgresStart}`, met: pgStart <= MEMORY_GOALS.postgresStart });
      rows.push(...(await crawlRows('PostgreSQL', { DATABASE_URL: db.url })));
    } finally {
      await db.drop();
    }
  } else {
    rows.push({ what: 'PostgreSQL', mib: NaN, goal: '', met: undefined, note: `not measured: no server at ${ADMIN_URL}` });
  }
  return rows;
}

export function printMemory(rows: MemoryRow[]): void {
  console.log(SHIPPED ? '\nmemory (MiB; crawl of the server as shipped, no flag)' : `\nmemory (MiB; crawl under --max-old-space-size=${HEAP_LIMIT_MB}, heap read after full collections)`);
  for (const r of rows) {
    const value = Number.isNaN(r.mib) ? 'n/a' : r.mib.toFixed(0);
    const verdict = r.met === undefined ? '' : r.met ? ' met' : ' MISSED';
    console.log(`${r.what.padEnd(66)} ${value.padStart(6)}  ${r.goal}${verdict}${r.note ? `  (${r.note})` : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printMemory(await measureMemory());
}
