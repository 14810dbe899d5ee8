// npm run bench:scale -- [--backend pglite|postgres] [--events 100000] [--base 1000]
// Builds two catalogs (the base size and the large one) with the demo generator and the
// import tool, serves each with the snapshot cache off, and compares the median latency
// of search, each filter and the detail. Goal: large p50 at most 2x the base p50.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    events: { type: 'string', default: '100000' },
    base: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '100' },
    prepare: { type: 'boolean', default: false },
  },
});
// Catalogs are kept per schema: a new migration gets catalogs of its own.
const MIGRATIONS = 'lib/db/migrations';
const SCHEMA = createHash('sha256')
  .update(readdirSync(MIGRATIONS).sort().map((f) => readFileSync(`${MIGRATIONS}/${f}`, 'utf8')).join('\0'))
  .digest('hex')
  .slice(0, 8);
const backend = values.backend;
const sizes = [Number(values.base), Number(values.events)];
const SAMPLES = Number(values.samples);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATA = 'bench/.data';
mkdirSync(DATA, { recursive: true });
if (values.prepare) {
  for (const size of sizes) console.log(await catalog(size));
  process.exit(0);
}
if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(2);
}

function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  if (r.status !== 0 && !(args.includes('scripts/catalog-import.ts') && r.status === 1)) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

function get(port, path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `aurora.localhost:${port}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function catalog(size) {
  const file = `${DATA}/demo-${size}.ndjson`;
  if (!existsSync(file)) sh('npx', ['tsx', 'scripts/catalog-demo.ts', '--events', String(size), '--seed', '11', '--out', file]);
  if (backend === 'pglite') {
    const dir = `${DATA}/pglite-${size}-${SCHEMA}`;
    if (!existsSync(`${dir}/PG_VERSION`)) {
      rmSync(dir, { recursive: true, force: true });
      sh('npx', ['tsx', 'scripts/catalog-import.ts', file], { CATALOG_DIR: dir });
    }
    return { CATALOG_DIR: dir };
  }
  const name = `catalog_scale_${size}_${SCHEMA}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (!exists) {
    sh('npx', ['tsx', 'scripts/catalog-import.ts', file], { DATABASE_URL: url.toString() });
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    await c.query('VACUUM ANALYZE');
    await c.end();
  }
  return { DATABASE_URL: url.toString() };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function measure(size) {
  const env = await catalog(size);
  const port = await freePort();
  const server = spawn(process.execPath, ['server.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', CATALOG_SEED: 'none', CATALOG_CACHE_TTL_MS: '0', DB_TIMEOUT_MS: '10000', RATE_LIMIT_API: '100000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        const h = await get(port, '/api/public/v1/health');
        if (h.status === 200 && JSON.parse(h.body).database.status === 'up') break;
      } catch {}
      if (i > 1200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const E = '/api/public/v1/events';
    const firsts = JSON.parse((await get(port, `${E}?per_page=10`)).body).data;
    const producers = [];
    for (const e of firsts.slice(0, 4)) producers.push(JSON.parse((await get(port, `${E}/${e.slug}`)).body).producer.slug);
    const q = (...texts) => texts.map((t) => `${E}?q=${encodeURIComponent(t)}`);
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const CENTERS = [[-23.55, -46.63], [-8.05, -34.88], [-22.91, -43.17], [-12.98, -38.5], [-19.92, -43.93]];
    // Each case rotates through its variants, request by request: no single hot term.
    const cases = {
      'default listing': [E],
      'common word': q('forró', 'samba', 'festival', 'jazz', 'rock', 'pagode', 'noite', 'baile'),
      'natural phrase': q('forró em Recife', 'eventos em São Paulo', 'shows em sao paulo', 'o que tem em Salvador', 'events in Salvador', 'samba no rio de janeiro'),
      'typo': q('forro recfie', 'florianoplis', 'sertanjeo', 'eletrnica', 'festivl', 'salvdor'),
      'place word': q('são paulo', 'recife', 'pernambuco', 'jazz sp', 'rio de janeiro', 'belo horizonte'),
      'variants': q('stand up', 'standup', 'stand-up'),
      'city': ['goiania', 'recife', 'sao paulo', 'manaus'].map((c) => `${E}?city=${encodeURIComponent(c)}`),
      'state': ['pe', 'sp', 'ba', 'rs'].map((st) => `${E}?state=${st}`),
      'organization': producers.map((p) => `${E}?organization=${p}`),
      'dates': [0, 3, 10, 30, 60].map((o) => `${E}?date_from=${day(o)}&date_to=${day(o + 6)}`),
      'near': CENTERS.map(([la, lo], i) => `${E}?near=${la},${lo}&radius_km=${[10, 25, 50, 100, 200][i]}`),
      'near by distance': CENTERS.map(([la, lo]) => `${E}?near=${la},${lo}&sort=distance`),
      'q sorted by date': ['forró', 'festival', 'jazz sp', 'stand up'].map((t) => `${E}?q=${encodeURIComponent(t)}&sort=date`),
      'combined': [
        `${E}?q=samba&date_from=${day(0)}&date_to=${day(30)}&near=-22.91,-43.17`,
        `${E}?q=${encodeURIComponent('forró em Recife')}&date_from=${day(5)}&date_to=${day(7)}`,
        `${E}?q=jazz&near=-23.55,-46.63&radius_km=100&sort=distance`,
        `${E}?q=festival&state=sp&date_from=${day(10)}`,
      ],
      'category': ['teatro', 'shows', 'infantil', 'esportes', 'stand-up'].map((c) => `${E}?category=${c}`),
      'category words': q('teatro', 'stand up em São Paulo', 'pra criança', 'gastronomia em salvador', 'balada'),
      'category + filters': [
        `${E}?q=samba&category=shows`,
        `${E}?category=festas&city=${encodeURIComponent('São Paulo')}`,
        `${E}?category=teatro&date_from=${day(3)}&date_to=${day(30)}`,
      ],
      // Prices are not in the API: these are the site's listing pages (HTML, rendered),
      // beside the same pages without a price, which read the form's options as well.
      'site page': ['/', '/?q=samba', '/?category=shows', '/?city=Recife', '/?q=jazz&city=Recife'],
      'price (site page)': ['/?preco=gratis', '/?preco=50', '/?preco=100&category=shows', '/?sort=price', '/?q=samba&preco=200'],
      'detail': firsts.map((e) => `${E}/${e.slug}`),
      'deep page': [150, 120, 90].map((pg) => `${E}?per_page=50&page=${pg}`),
    };
    const out = {};
    for (const [name, paths] of Object.entries(cases)) {
      for (let i = 0; i < Math.max(10, paths.length); i++) await get(port, paths[i % paths.length]);
      const times = [];
      for (let i = 0; i < SAMPLES; i++) {
        const path = paths[i % paths.length];
        const r = await get(port, path);
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        times.push(r.ms);
      }
      times.sort((a, b) => a - b);
      out[name] = { p50: times[Math.floor(times.length / 2)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
    }
    const judged = spawnSync('npx', ['tsx', 'bench/judged.ts', String(port), size <= 5000 ? 'full' : 'top'], { encoding: 'utf8' });
    out.judged = judged.status === 0 ? JSON.parse(judged.stdout.trim().split('\n').at(-1)) : { error: judged.stderr.slice(-300) };
    return out;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const [base, large] = [await measure(sizes[0]), await measure(sizes[1])];
const [baseJudged, largeJudged] = [base.judged, large.judged];
delete base.judged;
delete large.judged;
console.log(`\n${backend}: latency in ms at ${sizes[0]} and ${sizes[1]} events (snapshot cache off, ${SAMPLES} sequential requests per case, rotating variants)\n`);
console.log(`${'case'.padEnd(18)} ${'p50'.padStart(8)} ${'p50'.padStart(8)} ${'ratio'.padStart(7)}   ${'p99'.padStart(8)} ${'p99'.padStart(8)} ${'ratio'.padStart(7)}`);
const rows = Object.keys(base).map((k) => ({
  case: k,
  base: base[k],
  large: large[k],
  p50_ratio: large[k].p50 / base[k].p50,
  p99_ratio: large[k].p99 / base[k].p99,
}));
for (const r of rows) {
  const f = (n) => n.toFixed(2).padStart(8);
  console.log(
    `${r.case.padEnd(18)} ${f(r.base.p50)} ${f(r.large.p50)} ${r.p50_ratio.toFixed(2).padStart(6)}x   ${f(r.base.p99)} ${f(r.large.p99)} ${r.p99_ratio.toFixed(2).padStart(6)}x  ${r.p50_ratio <= 2 ? 'met' : 'MISSED'}`,
  );
}
const share = (j) => (j && !j.error ? `${j.good}/${j.judged} queries with top 3 all relevant, ${j.empty} empty although relevant events exist${j.missed.length ? ` (missed: ${j.missed.join('; ')})` : ''}` : JSON.stringify(j));
console.log(`\njudged query set at ${sizes[0]}: ${share(baseJudged)}`);
console.log(`judged query set at ${sizes[1]} (top 3 must meet every predicate): ${share(largeJudged)}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/scale-${backend}.json`, JSON.stringify({ date: new Date().toISOString(), backend, sizes, rows, judged: { base: baseJudged, large: largeJudged } }, null, 2));
