// Memory of one production server, measured as the operating system sees it (VmRSS):
// after start on the embedded catalog and on PostgreSQL, and after 5,000 unique page
// URLs (each one rendered and kept for the snapshot window, up to the caches' bounds).
// Part of `npm run bench`; `node bench/memory.mjs` runs it alone.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import pg from 'pg';

const MiB = 1048576;
export const MEMORY_GOALS = { embeddedStart: 400, postgresStart: 250, afterPages: 800 };
const PAGES = Number(process.env.BENCH_PAGES ?? 5_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

function get(port, path, agent) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { host: `aurora.localhost:${port}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(port, env) {
  const server = spawn(process.execPath, ['server.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', RATE_LIMIT_API: '100000000', RATE_LIMIT_MARKDOWN: '100000000', RATE_LIMIT_RENDER: '100000000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      const res = await get(port, '/api/public/v1/health');
      if (res.status === 200 && JSON.parse(res.body).database.status === 'up') break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // One page and one API answer, then a moment for start-up garbage to be collected.
  await get(port, '/');
  await get(port, '/api/public/v1/events');
  await new Promise((r) => setTimeout(r, 2_000));
  const stop = () => new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));
  return { pid: server.pid, stop };
}

async function postgresDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_memory_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Requests `count` distinct page URLs (listing searches and event pages), 8 at a time. */
async function uniquePages(port, count) {
  const slugs = JSON.parse((await get(port, '/api/public/v1/events?per_page=50')).body).data.map((e) => e.slug);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;
  const statuses = new Map();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const path = i % 2 ? `/eventos/${slugs[i % slugs.length]}?v=${i}` : `/?q=${['forro', 'jazz', 'teatro', 'rock'][i % 4]}&page=${(i % 7) + 1}&v=${i}`;
      const { status } = await get(port, path, agent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  agent.destroy();
  return statuses;
}

export async function measureMemory(port) {
  const rows = [];
  const embedded = await start(port, {});
  rows.push({ what: 'embedded catalog, after start', mib: rssOf(embedded.pid) / MiB, goal: MEMORY_GOALS.embeddedStart });
  const statuses = await uniquePages(port, PAGES);
  await new Promise((r) => setTimeout(r, 1_000));
  rows.push({ what: `embedded catalog, after ${PAGES.toLocaleString('en')} unique page URLs`, mib: rssOf(embedded.pid) / MiB, goal: MEMORY_GOALS.afterPages, note: [...statuses].map(([s, n]) => `${n}x${s}`).join(' ') });
  await embedded.stop();

  const db = await postgresDatabase();
  if (db) {
    try {
      const server = await start(port, { DATABASE_URL: db.url });
      rows.push({ what: 'PostgreSQL, after start', mib: rssOf(server.pid) / MiB, goal: MEMORY_GOALS.postgresStart });
      await server.stop();
    } finally {
      await db.drop();
    }
  } else {
    rows.push({ what: 'PostgreSQL, after start', mib: NaN, goal: MEMORY_GOALS.postgresStart, note: `no server at ${ADMIN_URL}` });
  }
  return rows.map((r) => ({ ...r, met: r.mib <= r.goal }));
}

export function printMemory(rows) {
  console.log('\nmemory (RSS)'.padEnd(58), 'MiB'.padStart(6), ' goal');
  for (const r of rows) {
    const value = Number.isNaN(r.mib) ? 'n/a' : r.mib.toFixed(0);
    console.log(r.what.padEnd(57), value.padStart(6), ` <= ${r.goal} ${Number.isNaN(r.mib) ? 'NOT MEASURED' : r.met ? 'met' : 'MISSED'}${r.note ? `  (${r.note})` : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printMemory(await measureMemory(Number(process.env.BENCH_PORT ?? 3999)));
}
