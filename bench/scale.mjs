// npm run bench:scale -- [--backend pglite|postgres] [--events 100000] [--base 1000]
// Builds two catalogs (the base size and the large one) with the demo generator and the
// import tool, serves each with the snapshot cache off, and compares the median latency
// of search, each filter and the detail. Goal: large p50 at most 2x the base p50.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    events: { type: 'string', default: '100000' },
    base: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '200' },
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

async function measure(size) {
  const env = await catalog(size);
  const port = 3990;
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
    const first = JSON.parse((await get(port, '/api/public/v1/events?per_page=1')).body).data[0];
    const producer = JSON.parse((await get(port, `/api/public/v1/events/${first.slug}`)).body).producer.slug;
    const cases = {
      'default listing': '/api/public/v1/events',
      'search forro': '/api/public/v1/events?q=forro',
      'search são paulo': `/api/public/v1/events?q=${encodeURIComponent('são paulo')}`,
      'city': '/api/public/v1/events?city=goiania',
      'state': '/api/public/v1/events?state=pe',
      'organization': `/api/public/v1/events?organization=${producer}`,
      'detail': `/api/public/v1/events/${first.slug}`,
      'deep page': '/api/public/v1/events?per_page=50&page=150',
    };
    const out = {};
    for (const [name, path] of Object.entries(cases)) {
      for (let i = 0; i < 10; i++) await get(port, path);
      const times = [];
      for (let i = 0; i < SAMPLES; i++) {
        const r = await get(port, path);
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        times.push(r.ms);
      }
      times.sort((a, b) => a - b);
      out[name] = times[Math.floor(times.length / 2)];
    }
    return out;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const [base, large] = [await measure(sizes[0]), await measure(sizes[1])];
console.log(`\n${backend}: p50 in ms at ${sizes[0]} and ${sizes[1]} events (snapshot cache off, ${SAMPLES} sequential requests each)\n`);
const rows = Object.keys(base).map((k) => ({ case: k, base: base[k], large: large[k], ratio: large[k] / base[k] }));
for (const r of rows) {
  console.log(`${r.case.padEnd(18)} ${r.base.toFixed(2).padStart(8)} ${r.large.toFixed(2).padStart(8)} ${r.ratio.toFixed(2).padStart(6)}x ${r.ratio <= 2 ? 'met' : 'MISSED'}`);
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/scale-${backend}.json`, JSON.stringify({ date: new Date().toISOString(), backend, sizes, rows }, null, 2));
