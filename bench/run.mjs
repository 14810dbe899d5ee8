// npm run bench: side-by-side throughput and latency of the service against the
// framework floor (a route that does no work), in one run on one production build.
// Prints ratios, and writes bench/results/latest.json and latest.svg.
//
// npm run bench -- --misses [--postgres] [--events 1000] [--rounds 3] [--cpu-prof <dir>]: pages
// that no cache holds, beside the floor in the same run: the snapshot cache is off and the
// connections cycle distinct event pages and distinct site searches, in rounds that each
// measure the floor again (the median of each round's ratio is the case's). --postgres runs the
// server on a throwaway PostgreSQL database (TEST_DATABASE_URL's server) with the demo
// catalog of --events events; --cpu-prof writes the server's CPU profile of the run there.
// No memory figures and no results file in this mode.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { targets as pageTargets } from './targets.mjs';
import { chart } from './chart.mjs';
import { measureMemory, printMemory } from './memory.ts';
import { createTestDatabase } from '../e2e/support/postgres.ts';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? '') : undefined);
const MISSES = args.includes('--misses');
/** Rounds of every case (--rounds; 3 for page misses, else 1). */
const ROUNDS = Number(option('--rounds') ?? (MISSES ? 3 : 1));
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1)) throw new Error('--rounds: a whole number, 1 or more');
/** Distinct pages each miss case cycles through. */
const DISTINCT = 60;

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

const database = MISSES && args.includes('--postgres') ? await createTestDatabase('bench_misses') : undefined;
const missEnv = MISSES ? { CATALOG_CACHE_TTL_MS: '0', DEMO_EVENTS: option('--events') ?? process.env.DEMO_EVENTS ?? '1000', ...(database ? { DATABASE_URL: database.url } : {}) } : {};
const profileDir = option('--cpu-prof');
const started = Date.now();
const server = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), 'server.mjs'], {
  env: { ...process.env, ...missEnv, PORT: String(PORT), HOST: '127.0.0.1', BENCH_FLOOR: '1', NODE_ENV: 'production', MAX_CONNECTIONS_PER_ADDRESS: '1000000', RATE_LIMIT_API: '100000000', RATE_LIMIT_MARKDOWN: '100000000', RATE_LIMIT_TOOLS: '100000000', RATE_LIMIT_RENDER: '100000000' },
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

/** Requests that cycle through `paths`, one after another on each connection. */
const cycling = (paths) => {
  let n = 0;
  return (req) => ({ ...req, path: paths[n++ % paths.length] });
};

async function missCases() {
  const events = [];
  for (let page = 1; events.length < DISTINCT; page++) {
    const { data } = JSON.parse((await get(`/api/public/v1/events?per_page=50&page=${page}`)).body);
    if (data.length === 0) break;
    events.push(...data);
  }
  const slugs = events.slice(0, DISTINCT).map((e) => e.slug);
  // One word of each event's name, each word once: searches that find something.
  const words = [...new Set(events.flatMap((e) => e.name.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4)))].slice(0, DISTINCT);
  return [
    { name: 'floor', path: '/api/floor', kind: 'floor' },
    { name: `${slugs.length} event pages`, path: `/eventos/${slugs[0]}`, setupRequest: cycling(slugs.map((s) => `/eventos/${s}`)), kind: 'miss' },
    { name: `${words.length} site searches`, path: `/?q=${words[0]}`, setupRequest: cycling(words.map((w) => `/?q=${encodeURIComponent(w)}`)), kind: 'miss' },
  ];
}

const cases = MISSES ? await missCases() : [
  { name: 'floor', path: '/api/floor', kind: 'floor' },
  { name: 'events (default)', path: '/api/public/v1/events', kind: 'api' },
  { name: 'events q=são paulo', path: `/api/public/v1/events?q=${encodeURIComponent('são paulo')}`, kind: 'api' },
  { name: 'events city+state', path: '/api/public/v1/events?city=recife&state=pe', kind: 'api' },
  { name: 'events organization', path: `/api/public/v1/events?organization=${producer}`, kind: 'api' },
  { name: 'event detail', path: `/api/public/v1/events/${slug}`, kind: 'api' },
  ...(await pageTargets({ get, slug })),
];
if (MISSES) console.log(`pages no cache holds: snapshot cache off, ${missEnv.DEMO_EVENTS} demo events on ${database ? 'PostgreSQL' : 'the embedded catalog'}`);

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
// Each round measures every case, the floor first. The machine's speed drifts over a run
// (the floor alone went from 250 to 715 req/s within an hour here, as docs/contributing.md says), so a case is compared
// with the floor of its own round, and what is printed is the median over the rounds.
const measured = cases.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, c] of cases.entries()) {
    const r = await run(c);
    measured[i].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const floorAt = cases.findIndex((c) => c.kind === 'floor');
const results = cases.map((c, i) => {
  const rounds = measured[i];
  const ratios = rounds.map((r, k) => r.rps / measured[floorAt][k].rps);
  const p99Ratios = rounds.map((r, k) => (measured[floorAt][k].p99 > 0 ? r.p99 / measured[floorAt][k].p99 : r.p99));
  const non2xx = rounds.reduce((n, r) => n + r.non2xx, 0);
  const errors = rounds.reduce((n, r) => n + r.errors, 0);
  return { ...c, rps: median(rounds.map((r) => r.rps)), p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)), ratios, rpsRatio: median(ratios), p99Ratio: median(p99Ratios), non2xx, errors, bad: non2xx + errors };
});
const rss = Number((await (async () => {
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return (status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
})()));
await new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));

await database?.drop();
if (profileDir) console.log(`server CPU profile written to ${profileDir}`);

const GOALS = { api: { rps: 0.8, p99: 2 }, page: { rps: 1 }, tool: { rps: 0.5 }, miss: { rps: 0.25 } };
const rows = results.map((r) => {
  const goal = GOALS[r.kind];
  const meets = !goal || (r.rpsRatio >= goal.rps && (goal.p99 === undefined || r.p99Ratio <= goal.p99));
  return { ...r, goal, meets };
});

console.log(`\nstart-up of the ${database ? 'PostgreSQL' : 'embedded'} catalog: ${startupMs} ms; server RSS after the run: ${(rss / 1048576).toFixed(0)} MiB`);
console.log(`${CONNECTIONS} connections, ${DURATION} s each${ROUNDS > 1 ? `, ${ROUNDS} rounds: medians, each ratio to the floor of its own round` : ''}\n`);
console.log('case'.padEnd(26), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'x floor'.padStart(8), 'p99 x'.padStart(6), ' goal');
for (const r of rows) {
  const goal = r.goal ? `>=${r.goal.rps}x${r.goal.p99 ? `, p99<=${r.goal.p99}x` : ''} ${r.meets ? 'met' : 'MISSED'}` : '';
  const rounds = ROUNDS > 1 && r.kind !== 'floor' ? `  (rounds: ${r.ratios.map((x) => x.toFixed(2)).join(', ')})` : '';
  console.log(r.name.padEnd(26), r.rps.toFixed(0).padStart(8), String(r.p50).padStart(7), String(r.p99).padStart(7), r.rpsRatio.toFixed(2).padStart(8), r.p99Ratio.toFixed(2).padStart(6), ` ${goal}${rounds}${r.bad ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`);
}
for (const c of rows.filter((r) => r.ratioOf)) {
  const base = rows.find((r) => r.name === c.ratioOf.base);
  const ratio = c.p50 / Math.max(base.p50, 0.5);
  console.log(`${c.name} p50 vs ${base.name}: ${ratio.toFixed(2)}x (goal <= ${c.ratioOf.max}x) ${ratio <= c.ratioOf.max ? 'met' : 'MISSED'}`);
}

if (MISSES) process.exit(rows.every((r) => r.bad === 0) ? 0 : 1);

const memory = await measureMemory();
printMemory(memory);

mkdirSync('bench/results', { recursive: true });
const summary = { date: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, startupMs, rssBytes: rss, results: rows, memory };
writeFileSync('bench/results/latest.json', JSON.stringify(summary, null, 2));
writeFileSync('bench/results/latest.svg', chart(rows));
console.log('\nwrote bench/results/latest.json and bench/results/latest.svg');
