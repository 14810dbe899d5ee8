// node --import tsx bench/import-triggers.mjs [--events 1000000] [--rounds 1] [--parallel]
// What the filter summary's triggers (migration 011: listed_event_days and
// producers.listed_until) cost a full import into PostgreSQL, side by side: the same demo
// file imported into two new catalogs, one as shipped, one with those triggers disabled and
// the summary set once at the end, as a bulk load could. Rounds alternate the order; with
// --parallel both imports of a round run at once, so that whatever else the machine does
// weighs on both alike. Both catalogs must end with the same summary. Goal: with the
// triggers at most 1.2x without.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createTestDatabase, withClient } from '../e2e/support/postgres.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '1' }, parallel: { type: 'boolean', default: false } } });
const EVENTS = Number(values.events);
const ROUNDS = Number(values.rounds);
const DATA = 'bench/.data';
const FILE = `${DATA}/demo-${EVENTS}.ndjson`;
const SUMMARY_TRIGGERS = ['events_listed_summary_insert', 'events_listed_summary_update', 'events_listed_summary_delete'];
// The summary of the catalog as it stands (the last statements of migration 011).
const FILL = [
  'TRUNCATE listed_event_days',
  `INSERT INTO listed_event_days (brand_id, facet, day, value, state, events)
   SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int
   FROM events e, listed_facets(e.brand_id, e.venue_id, e.category, e.listed_until) f
   GROUP BY 1, 2, 3, 4, 5`,
  `UPDATE producers p SET listed_until = m.until
   FROM (SELECT producer_id, max(listed_until) AS until FROM events WHERE producer_id IS NOT NULL GROUP BY 1) m
   WHERE p.id = m.producer_id`,
];
const SUMMARY_DIGEST = `SELECT md5(string_agg(concat_ws('|', brand_id, facet, day, value, state, events), ',' ORDER BY brand_id, facet, day, value, state)) AS days,
  (SELECT md5(string_agg(concat_ws('|', id, listed_until), ',' ORDER BY id)) FROM producers) AS producers FROM listed_event_days`;

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/** One import into a new catalog; with `triggers` false, the summary is set once at the end. */
async function importOnce(triggers) {
  const { url, drop } = await createTestDatabase(`bench_import_${triggers ? 'with' : 'without'}`);
  await run('npx', ['tsx', 'scripts/catalog-migrate.ts'], { DATABASE_URL: url });
  if (!triggers) await withClient(url, (c) => c.query(SUMMARY_TRIGGERS.map((t) => `ALTER TABLE events DISABLE TRIGGER ${t};`).join('\n')));
  let started = performance.now();
  await run('npx', ['tsx', 'scripts/catalog-import.ts', FILE], { DATABASE_URL: url });
  const importS = (performance.now() - started) / 1000;
  let fillS = 0;
  if (!triggers) {
    started = performance.now();
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      for (const statement of FILL) await c.query(statement);
      await c.query(SUMMARY_TRIGGERS.map((t) => `ALTER TABLE events ENABLE TRIGGER ${t};`).join('\n'));
      await c.query('COMMIT');
    });
    fillS = (performance.now() - started) / 1000;
  }
  const digest = await withClient(url, async (c) => (await c.query(SUMMARY_DIGEST)).rows[0]);
  await drop();
  return { importS, fillS, totalS: importS + fillS, digest };
}

mkdirSync(DATA, { recursive: true });
if (!existsSync(FILE)) await run('npx', ['tsx', 'scripts/catalog-demo.ts', '--events', String(EVENTS), '--seed', '11', '--out', FILE]);
const rows = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [true, false] : [false, true];
  const result = {};
  const one = async (triggers) => {
    result[triggers ? 'with' : 'without'] = await importOnce(triggers);
    console.error(`round ${round + 1}: ${triggers ? 'with' : 'without'} the summary triggers, ${result[triggers ? 'with' : 'without'].totalS.toFixed(1)} s`);
  };
  if (values.parallel) await Promise.all(order.map(one));
  else for (const triggers of order) await one(triggers);
  const same = JSON.stringify(result.with.digest) === JSON.stringify(result.without.digest);
  if (!same) throw new Error('the two catalogs ended with different summaries');
  rows.push({
    round: round + 1,
    events: EVENTS,
    parallel: values.parallel,
    'with triggers (s)': result.with.importS.toFixed(1),
    'without: import (s)': result.without.importS.toFixed(1),
    'without: summary at the end (s)': result.without.fillS.toFixed(1),
    ratio: (result.with.totalS / result.without.totalS).toFixed(3),
    'same summary': same,
  });
}
console.table(rows);
