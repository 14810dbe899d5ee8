// npm run bench:scale -- [--backend pglite|postgres] [--events 100000] [--base 1000] [--samples 100] [--db-prefix catalog_scale]
// Builds two catalogs (the base size and the large one) with the demo generator and the
// import tool, or copies an older schema's catalog of the same size and migrates it;
// serves each with the snapshot cache off, and compares the median latency and bytes of
// search, each filter, the detail and every public surface (pages, Markdown, feeds,
// sitemaps, llms.txt, MCP, A2A). Goal: large p50 at most 2x the base p50.
//
// --load <seconds> [--connections 16]: the load mode instead. At each size, mixes of
// distinct requests (API searches, event pages, site searches, MCP and A2A questions,
// and the framework floor), each for <seconds> on N connections cycling through them
// (autocannon), with the snapshot cache off: requests per second, p50 and p99, errors,
// and from the server's metrics listener the most requests waiting for a database
// connection, the event loop's p99 lag, and per request the database statements' time
// and the server's CPU time. Goal: at the large size each mix keeps at least 0.8x of its
// throughput at the base size, with no error. --mix <words> runs only the mixes whose
// name contains them (the floor always runs): --mix API.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiSearches, loadWords } from './load-searches.mjs';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    events: { type: 'string', default: '100000' },
    base: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '100' },
    prepare: { type: 'boolean', default: false },
    load: { type: 'string' },
    connections: { type: 'string', default: '16' },
    mix: { type: 'string' },
    // Names of the PostgreSQL catalogs: <prefix>_<size>_<schema>.
    'db-prefix': { type: 'string', default: 'catalog_scale' },
  },
});
// Catalogs are kept per schema: a new migration gets catalogs of its own.
const MIGRATIONS = 'lib/db/migrations';
const SCHEMA = createHash('sha256')
  .update(readdirSync(MIGRATIONS).sort().map((f) => readFileSync(`${MIGRATIONS}/${f}`, 'utf8')).join('\0'))
  .digest('hex')
  .slice(0, 8);
/** The migration ids of this tree (file names), in order. */
const MIGRATION_IDS = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
const backend = values.backend;
const sizes = [Number(values.base), Number(values.events)];
const SAMPLES = Number(values.samples);
const PREFIX = values['db-prefix'];
const LOAD = values.load === undefined ? 0 : Number(values.load);
const CONNECTIONS = Number(values.connections);
if (values.load !== undefined && !(LOAD > 0)) throw new Error('--load: a number of seconds');
if (!/^[a-z][a-z0-9_]{0,30}$/.test(PREFIX)) throw new Error('--db-prefix: lower-case letters, digits and _');
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

/** One request to the server as the brand "aurora": a path, or { path, method, headers, body }. */
function get(port, target) {
  const { path, method = 'GET', headers = {}, body } = typeof target === 'string' ? { path: target } : target;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `aurora.localhost:${port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode, body: raw.toString('utf8'), bytes: raw.length, ms: Number(process.hrtime.bigint() - started) / 1e6 });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Brings a copied catalog up to this tree's migrations (a long statement bound: a migration may touch every event). */
function migrateCatalog(env) {
  sh('npx', ['tsx', 'scripts/catalog-migrate.ts'], env);
}

/**
 * A catalog of an older schema of the same size and seed, when one exists whose applied
 * migrations are all still this tree's (the one with most of them): copied and migrated,
 * it saves importing again.
 */
async function olderPostgresCatalog(admin, size) {
  const names = (
    await admin.query(`SELECT datname FROM pg_database WHERE (datname LIKE $1 OR datname LIKE $2) AND datname <> $3 ORDER BY datname`, [
      `catalog_scale_${size}_%`,
      `${PREFIX}_${size}_%`,
      `${PREFIX}_${size}_${SCHEMA}`,
    ])
  ).rows.map((r) => r.datname);
  let best = null;
  for (const name of names) {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      const applied = (await c.query('SELECT id FROM schema_migrations')).rows.map((r) => r.id);
      const events = Number((await c.query('SELECT count(*) AS n FROM events')).rows[0].n);
      if (events === size && applied.every((id) => MIGRATION_IDS.includes(id)) && applied.length > (best?.applied ?? -1)) best = { name, applied: applied.length };
    } catch {
      // not a catalog, or not readable: look further
    } finally {
      await c.end().catch(() => {});
    }
  }
  return best?.name ?? null;
}

async function catalog(size) {
  const file = `${DATA}/demo-${size}.ndjson`;
  if (backend === 'pglite') {
    const dir = `${DATA}/pglite-${size}-${SCHEMA}`;
    if (!existsSync(`${dir}/PG_VERSION`)) {
      rmSync(dir, { recursive: true, force: true });
      const older = readdirSync(DATA).find((f) => f.startsWith(`pglite-${size}-`) && existsSync(`${DATA}/${f}/PG_VERSION`));
      if (older) {
        console.error(`copying ${older} and migrating it`);
        cpSync(`${DATA}/${older}`, dir, { recursive: true });
        migrateCatalog({ CATALOG_DIR: dir });
      } else {
        if (!existsSync(file)) sh('npx', ['tsx', 'scripts/catalog-demo.ts', '--events', String(size), '--seed', '11', '--out', file]);
        sh('npx', ['tsx', 'scripts/catalog-import.ts', file], { CATALOG_DIR: dir });
      }
    }
    return { CATALOG_DIR: dir };
  }
  const name = `${PREFIX}_${size}_${SCHEMA}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  let copied = false;
  if (!exists) {
    const older = await olderPostgresCatalog(admin, size);
    // A template cannot be copied while anyone is connected to it: a few tries, then import.
    for (let attempt = 0; older && !copied && attempt < 5; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${older}`);
        copied = true;
        console.error(`copied ${older} to ${name}`);
      } catch (err) {
        console.error(`copying ${older}: ${err.message}`);
        await new Promise((r) => setTimeout(r, 3000));
      }
    }
    if (!copied) await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (!exists) {
    if (copied) migrateCatalog({ DATABASE_URL: url.toString() });
    else {
      if (!existsSync(file)) sh('npx', ['tsx', 'scripts/catalog-demo.ts', '--events', String(size), '--seed', '11', '--out', file]);
      sh('npx', ['tsx', 'scripts/catalog-import.ts', file], { DATABASE_URL: url.toString() });
    }
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

const MARKDOWN = { accept: 'text/markdown' };

/**
 * The site's pages, their Markdown, feeds, sitemaps, llms.txt and the agents, each as one
 * case (a few rotating variants where the catalog offers them).
 */
async function surfaces(port, firsts, producers) {
  const index = (await get(port, '/sitemap.xml')).body;
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((m) => m[1]);
  // The last file of the index (events), or with one file only, the file of the events.
  const child = index.includes('<sitemapindex') ? files.at(-1) : '/sitemaps/3.xml';
  const mcp = (q) => ({
    path: '/mcp',
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_events', arguments: { q, per_page: 10 } } }),
  });
  const a2a = (text) => ({
    path: '/a2a',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'bench', role: 'ROLE_USER', parts: [{ text }] } } }),
  });
  return {
    'home': ['/'],
    'home ?page=5': ['/?page=5'],
    'home Markdown': [{ path: '/', headers: MARKDOWN }],
    'home ?q=samba': ['/?q=samba'],
    'city page': ['/eventos-em/sao-paulo'],
    'category page': ['/categoria/teatro'],
    'organizer page': producers.map((p) => `/produtores/${p}`),
    // The list of organizers: its first page, a page from a slug on, a search by part of a
    // name, and the suggestions as one types (one read of an index each, at any size).
    'organizers list': ['/produtores', ...producers.map((p) => `/produtores?depois=${p}`)],
    'organizers search': ['cultural', 'produc', 'silva', 'coletivo', 'mar'].map((w) => `/produtores?q=${w}`),
    'organizer suggestions': ['cu', 'sil', 'prod', 'music', 'ent'].map((w) => `/produtores.json?q=${w}`),
    'near me listing': [[-23.55, -46.63], [-8.05, -34.88], [-22.91, -43.17]].map(([la, lo]) => `/?near=${la},${lo}&radius_km=25&sort=distance`),
    'event page': firsts.map((e) => `/eventos/${e.slug}`),
    'event Markdown': firsts.map((e) => ({ path: `/eventos/${e.slug}`, headers: MARKDOWN })),
    'city calendar': ['/eventos-em/sao-paulo/calendario.ics'],
    'sitemap index': ['/sitemap.xml'],
    'sitemap child': [child],
    'A2A question': [a2a('teatro no rio de janeiro')],
    'MCP search_events': [mcp('forro')],
    'llms.txt': ['/llms.txt'],
    'API listing': ['/api/public/v1/events'],
  };
}

async function measure(size) {
  const env = await catalog(size);
  const port = await freePort();
  const metricsPort = await freePort();
  const server = spawn(process.execPath, ['server.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', CATALOG_SEED: 'none', CATALOG_CACHE_TTL_MS: '0', DB_TIMEOUT_MS: process.env.DB_TIMEOUT_MS ?? '10000',
      BENCH_FLOOR: '1', METRICS_PORT: String(metricsPort), MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      ...Object.fromEntries(['API', 'MARKDOWN', 'TOOLS', 'RENDER'].map((k) => [`RATE_LIMIT_${k}`, '100000000'])) },
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
    if (LOAD) return await loadMixes(port, metricsPort);
    const firsts = JSON.parse((await get(port, `${E}?per_page=10`)).body).data;
    // Events closed for sale (sold out, paused, sales not started): their page offers similar events beside the state.
    const closed = JSON.parse((await get(port, `${E}?per_page=50`)).body).data.filter((e) => e.is_closed).slice(0, 5);
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
      // Searches that find nothing: the ways out (the same search without each filter, later
      // dates, other cities; for words that match nothing, categories and cities) each a
      // capped count or a row of the filters' summary (lib/catalog/listing/ways-out.ts).
      'nothing found (site page)': ['/?q=quixotesca', `/?q=zumbificacao&city=Recife&date_from=${day(3)}&date_to=${day(4)}`, '/?q=xilofonia+estelar&category=teatro&preco=gratis'],
      'detail': firsts.map((e) => `${E}/${e.slug}`),
      // The event page of a closed event: its similar events (same category, city or state,
      // nearest date) are one read of two indexes (lib/catalog/listing/similar.ts).
      'similar (closed page)': (closed.length > 0 ? closed : firsts).map((e) => `/eventos/${e.slug}`),
      'deep page': [150, 120, 90].map((pg) => `${E}?per_page=50&page=${pg}`),
      // Every public surface, as people and agents reach it.
      ...(await surfaces(port, firsts, producers)),
    };
    const out = {};
    for (const [name, paths] of Object.entries(cases)) {
      for (let i = 0; i < Math.max(10, paths.length); i++) await get(port, paths[i % paths.length]);
      const times = [];
      const sizes = [];
      let vevents = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const path = paths[i % paths.length];
        const r = await get(port, path);
        if (r.status !== 200) throw new Error(`${JSON.stringify(path).slice(0, 200)} answered ${r.status}`);
        times.push(r.ms);
        sizes.push(r.bytes);
        vevents = Math.max(vevents, r.body.split('BEGIN:VEVENT').length - 1);
      }
      times.sort((a, b) => a - b);
      sizes.sort((a, b) => a - b);
      out[name] = { p50: times[Math.floor(times.length / 2)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))], bytes: sizes[Math.floor(sizes.length / 2)], ...(vevents > 0 ? { vevents } : {}) };
    }
    const judged = spawnSync('npx', ['tsx', 'bench/judged.ts', String(port), size <= 5000 ? 'full' : 'top'], { encoding: 'utf8' });
    out.judged = judged.status === 0 ? JSON.parse(judged.stdout.trim().split('\n').at(-1)) : { error: judged.stderr.slice(-300) };
    return out;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** The server's metrics, as name{labels} → value. */
async function scrape(metricsPort) {
  const text = await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: metricsPort, path: '/metrics' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
  const values = new Map();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) values.set(m[1], Number(m[2]));
  }
  return values;
}

/** Requests that cycle through `targets` (paths, or { path, method, headers, body }), one after another on each connection. */
function cycling(targets) {
  let n = 0;
  return (req) => {
    const t = targets[n++ % targets.length];
    return typeof t === 'string' ? { ...req, path: t } : { ...req, ...t };
  };
}

/** The load mixes at one size: each on CONNECTIONS connections for LOAD seconds, with the server's metrics around it. */
async function loadMixes(port, metricsPort) {
  const E = '/api/public/v1/events';
  const events = [];
  for (let page = 1; page <= 4; page++) events.push(...JSON.parse((await get(port, `${E}?per_page=50&page=${page}`)).body).data);
  const words = loadWords(events.map((e) => e.name));
  const places = ['são paulo', 'recife', 'salvador', 'rio de janeiro', 'belo horizonte', 'curitiba', 'fortaleza', 'porto alegre'];
  const json = { 'content-type': 'application/json' };
  const mixes = {
    floor: ['/api/floor'],
    'API searches': apiSearches(words).map((qs) => `${E}?${qs}`),
    'event pages': events.map((e) => `/eventos/${e.slug}`),
    'site searches': words.map((w) => `/?q=${encodeURIComponent(w)}`),
    'MCP search_events': words.map((w, i) => ({
      path: '/mcp',
      method: 'POST',
      headers: { ...json, accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_events', arguments: { q: w, per_page: 10 } } }),
    })),
    'A2A questions': words.map((w, i) => ({
      path: '/a2a',
      method: 'POST',
      headers: { ...json, 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'SendMessage', params: { message: { messageId: `load-${i}`, role: 'ROLE_USER', parts: [{ text: `${w} em ${places[i % places.length]}` }] } } }),
    })),
  };
  const out = {};
  const chosen = Object.entries(mixes).filter(([name]) => name === 'floor' || !values.mix || name.toLowerCase().includes(values.mix.toLowerCase()));
  for (const [name, targets] of chosen) {
    const first = typeof targets[0] === 'string' ? { path: targets[0] } : targets[0];
    const run = (duration) =>
      new Promise((resolve, reject) =>
        autocannon(
          { url: `http://127.0.0.1:${port}${first.path}`, method: first.method ?? 'GET', headers: { host: `aurora.localhost:${port}`, ...(first.headers ?? {}) }, body: first.body,
            requests: [{ setupRequest: cycling(targets) }], connections: CONNECTIONS, duration },
          (err, result) => (err ? reject(err) : resolve(result)),
        ),
      );
    await run(1);
    const before = await scrape(metricsPort);
    let waiting = 0;
    let lag = 0;
    const sampler = setInterval(async () => {
      const m = await scrape(metricsPort).catch(() => new Map());
      waiting = Math.max(waiting, m.get('catalog_db_pool_connections{state="waiting"}') ?? 0);
      lag = Math.max(lag, m.get('nodejs_eventloop_lag_p99_seconds') ?? 0);
    }, 500);
    const r = await run(LOAD);
    clearInterval(sampler);
    const after = await scrape(metricsPort);
    const delta = (key) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const dbSeconds = [...after.keys()].filter((k) => k.startsWith('catalog_db_query_duration_seconds_sum')).reduce((sum, k) => sum + delta(k), 0);
    const requests = Math.max(1, r.requests.total);
    out[name] = {
      rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts,
      waiting, lagMs: lag * 1000, dbMs: (dbSeconds * 1000) / requests, cpuMs: (delta('process_cpu_seconds_total') * 1000) / requests,
    };
  }
  return out;
}

if (LOAD) {
  const [base, large] = [await measure(sizes[0]), await measure(sizes[1])];
  console.log(`\n${backend}: load at ${sizes[0]} and ${sizes[1]} events (snapshot cache off, ${CONNECTIONS} connections cycling distinct requests, ${LOAD} s a mix)\n`);
  console.log(`${'mix'.padEnd(18)} ${'req/s'.padStart(7)} ${'req/s'.padStart(7)} ${'ratio'.padStart(6)}  ${'p50'.padStart(5)} ${'p50'.padStart(5)}  ${'p99'.padStart(5)} ${'p99'.padStart(5)}  ${'err'.padStart(4)}  ${'wait'.padStart(4)} ${'lag ms'.padStart(6)}  ${'db ms/req'.padStart(9)} ${'cpu ms/req'.padStart(10)}  (base | large)`);
  const rows = Object.keys(base).map((k) => ({ mix: k, base: base[k], large: large[k], ratio: large[k].rps / base[k].rps }));
  for (const { mix, base: b, large: l, ratio } of rows) {
    const n = (v, w, d = 0) => v.toFixed(d).padStart(w);
    console.log(
      `${mix.padEnd(18)} ${n(b.rps, 7)} ${n(l.rps, 7)} ${ratio.toFixed(2).padStart(5)}x  ${n(b.p50, 5)} ${n(l.p50, 5)}  ${n(b.p99, 5)} ${n(l.p99, 5)}  ${n(b.errors + l.errors, 4)}  ${n(Math.max(b.waiting, l.waiting), 4)} ${n(b.lagMs, 3)}|${n(l.lagMs, 3)}  ${n(b.dbMs, 4, 1)}|${n(l.dbMs, 4, 1)} ${n(b.cpuMs, 5, 1)}|${n(l.cpuMs, 4, 1)}  ${mix === 'floor' ? '' : ratio >= 0.8 && b.errors + l.errors === 0 ? 'met' : 'MISSED'}`,
    );
  }
  const vsFloor = (o) => o['API searches'].rps / o.floor.rps;
  if (base['API searches']) console.log(`\nAPI searches against the floor: ${vsFloor(base).toFixed(2)}x at ${sizes[0]} (goal 0.4x), ${vsFloor(large).toFixed(2)}x at ${sizes[1]} (goal 0.3x)`);
  mkdirSync('bench/results', { recursive: true });
  if (!values.mix) writeFileSync(`bench/results/scale-load-${backend}.json`, JSON.stringify({ date: new Date().toISOString(), backend, sizes, connections: CONNECTIONS, seconds: LOAD, rows }, null, 2));
  process.exit(0);
}

const [base, large] = [await measure(sizes[0]), await measure(sizes[1])];
const [baseJudged, largeJudged] = [base.judged, large.judged];
delete base.judged;
delete large.judged;
console.log(`\n${backend}: latency in ms at ${sizes[0]} and ${sizes[1]} events (snapshot cache off, ${SAMPLES} sequential requests per case, rotating variants)\n`);
console.log(`${'case'.padEnd(22)} ${'p50'.padStart(8)} ${'p50'.padStart(8)} ${'ratio'.padStart(7)}   ${'p99'.padStart(8)} ${'p99'.padStart(8)} ${'ratio'.padStart(7)}   ${'bytes'.padStart(9)} ${'bytes'.padStart(9)} ${'ratio'.padStart(6)}`);
const rows = Object.keys(base).map((k) => ({
  case: k,
  base: base[k],
  large: large[k],
  p50_ratio: large[k].p50 / base[k].p50,
  p99_ratio: large[k].p99 / base[k].p99,
  bytes_ratio: large[k].bytes / base[k].bytes,
}));
// A calendar feed fills up to its cap at the larger size: its goal is its time per event (below).
const perEventRatio = (r) => (r.base.vevents && r.large.vevents ? r.large.p50 / r.large.vevents / (r.base.p50 / r.base.vevents) : null);
const verdict = (r) => {
  const perEvent = perEventRatio(r);
  return perEvent === null ? (r.p50_ratio <= 2 ? 'met' : 'MISSED') : `${perEvent <= 2 ? 'met' : 'MISSED'} (an event)`;
};
for (const r of rows) {
  const f = (n) => n.toFixed(2).padStart(8);
  console.log(
    `${r.case.padEnd(22)} ${f(r.base.p50)} ${f(r.large.p50)} ${r.p50_ratio.toFixed(2).padStart(6)}x   ${f(r.base.p99)} ${f(r.large.p99)} ${r.p99_ratio.toFixed(2).padStart(6)}x   ${String(r.base.bytes).padStart(9)} ${String(r.large.bytes).padStart(9)} ${r.bytes_ratio.toFixed(2).padStart(5)}x  ${verdict(r)}`,
  );
}
for (const r of rows.filter((x) => perEventRatio(x) !== null)) {
  const per = (o) => o.p50 / o.vevents;
  console.log(`${r.case}: ${r.base.vevents} and ${r.large.vevents} events, ${per(r.base).toFixed(3)} and ${per(r.large).toFixed(3)} ms an event (${perEventRatio(r).toFixed(2)}x, goal 2x)`);
}
const share = (j) => (j && !j.error ? `${j.good}/${j.judged} queries with top 3 all relevant, ${j.empty} empty although relevant events exist${j.missed.length ? ` (missed: ${j.missed.join('; ')})` : ''}` : JSON.stringify(j));
console.log(`\njudged query set at ${sizes[0]}: ${share(baseJudged)}`);
console.log(`judged query set at ${sizes[1]} (top 3 must meet every predicate): ${share(largeJudged)}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/scale-${backend}.json`, JSON.stringify({ date: new Date().toISOString(), backend, sizes, rows, judged: { base: baseJudged, large: largeJudged } }, null, 2));
