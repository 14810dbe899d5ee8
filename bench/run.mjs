// npm run bench: side-by-side throughput and latency of the service against the
// framework floor (a route that does no work), in one run on one production build.
// Prints ratios, and writes bench/results/latest.json and latest.svg.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { targets as pageTargets } from './targets.mjs';
import { chart } from './chart.mjs';
import { measureMemory, printMemory } from './memory.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3999);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOST = `aurora.localhost:${PORT}`;

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(2);
}

function get(path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers: { host: HOST } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const started = Date.now();
const server = spawn(process.execPath, ['server.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', BENCH_FLOOR: '1', NODE_ENV: 'production', MAX_CONNECTIONS_PER_ADDRESS: '1000000', RATE_LIMIT_API: '100000000', RATE_LIMIT_MARKDOWN: '100000000', RATE_LIMIT_TOOLS: '100000000', RATE_LIMIT_RENDER: '100000000' },
  // The request log (one JSON line per request on stdout) is written, as in production, to nowhere here.
  stdio: ['ignore', 'ignore', 'inherit'],
});
let startupMs;
for (;;) {
  try {
    const res = await get('/api/public/v1/health');
    if (res.status === 200 && JSON.parse(res.body).database.status === 'up') break;
  } catch {}
  if (Date.now() - started > 120_000) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
startupMs = Date.now() - started;

const slug = JSON.parse((await get('/api/public/v1/events?per_page=1')).body).data[0].slug;
const producer = JSON.parse((await get(`/api/public/v1/events/${slug}`)).body).producer.slug;

const cases = [
  { name: 'floor', path: '/api/floor', kind: 'floor' },
  { name: 'events (default)', path: '/api/public/v1/events', kind: 'api' },
  { name: 'events q=são paulo', path: `/api/public/v1/events?q=${encodeURIComponent('são paulo')}`, kind: 'api' },
  { name: 'events city+state', path: '/api/public/v1/events?city=recife&state=pe', kind: 'api' },
  { name: 'events organization', path: `/api/public/v1/events?organization=${producer}`, kind: 'api' },
  { name: 'event detail', path: `/api/public/v1/events/${slug}`, kind: 'api' },
  ...(await pageTargets({ get, slug })),
];

function run(c) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${PORT}${c.path}`,
        method: c.method ?? 'GET',
        headers: { host: HOST, ...(c.headers ?? {}) },
        body: c.body,
        ...(c.setupRequest ? { requests: [{ setupRequest: c.setupRequest }] } : {}),
        connections: CONNECTIONS,
        duration: c.duration ?? DURATION,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

// Warm every case first, so that the floor (measured first) is not measured cold.
for (const c of cases) await run({ ...c, duration: 1 });
const results = [];
for (const c of cases) {
  const r = await run(c);
  const bad = r.non2xx + r.errors + r.timeouts;
  results.push({ ...c, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, bad });
}
const rss = Number((await (async () => {
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return (status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
})()));
await new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));

const floor = results.find((r) => r.kind === 'floor');
const GOALS = { api: { rps: 0.8, p99: 2 }, page: { rps: 1 }, tool: { rps: 0.5 } };
const rows = results.map((r) => {
  const rpsRatio = r.rps / floor.rps;
  const p99Ratio = floor.p99 > 0 ? r.p99 / floor.p99 : r.p99;
  const goal = GOALS[r.kind];
  const meets = !goal || (rpsRatio >= goal.rps && (goal.p99 === undefined || p99Ratio <= goal.p99));
  return { ...r, rpsRatio, p99Ratio, goal, meets };
});

console.log(`\nstart-up of the embedded catalog: ${startupMs} ms; server RSS after the run: ${(rss / 1048576).toFixed(0)} MiB`);
console.log(`${CONNECTIONS} connections, ${DURATION} s each\n`);
console.log('case'.padEnd(26), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'x floor'.padStart(8), 'p99 x'.padStart(6), ' goal');
for (const r of rows) {
  const goal = r.goal ? `>=${r.goal.rps}x${r.goal.p99 ? `, p99<=${r.goal.p99}x` : ''} ${r.meets ? 'met' : 'MISSED'}` : '';
  console.log(r.name.padEnd(26), r.rps.toFixed(0).padStart(8), String(r.p50).padStart(7), String(r.p99).padStart(7), r.rpsRatio.toFixed(2).padStart(8), r.p99Ratio.toFixed(2).padStart(6), ` ${goal}${r.bad ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`);
}
for (const c of rows.filter((r) => r.ratioOf)) {
  const base = rows.find((r) => r.name === c.ratioOf.base);
  const ratio = c.p50 / Math.max(base.p50, 0.5);
  console.log(`${c.name} p50 vs ${base.name}: ${ratio.toFixed(2)}x (goal <= ${c.ratioOf.max}x) ${ratio <= c.ratioOf.max ? 'met' : 'MISSED'}`);
}

const memory = await measureMemory();
printMemory(memory);

mkdirSync('bench/results', { recursive: true });
const summary = { date: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, startupMs, rssBytes: rss, results: rows, memory };
writeFileSync('bench/results/latest.json', JSON.stringify(summary, null, 2));
writeFileSync('bench/results/latest.svg', chart(rows));
console.log('\nwrote bench/results/latest.json and bench/results/latest.svg');
