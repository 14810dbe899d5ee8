// npx tsx bench/statements.mts <database url> [query string ...] [--rounds 6]
// Times the statements behind API searches one by one on a catalog of your choice (one
// made by bench:scale): resolving the words, the count and the page, as the API runs
// them (lib/catalog/listing/events.ts), without a server. Without query strings, the
// searches of bench:scale's load mode: a word of each of the soonest events' names,
// alone and with a state. Prints, per part, the mean over the searches of each one's
// median round (the first round warms the cache and is left out), with and without a
// state, and the slowest searches.
import { parseArgs } from 'node:util';
import { brandRegistry } from '../lib/brand/registry';
import { sharesFor, withNearVenues } from '../lib/catalog/listing/events';
import { listSql } from '../lib/catalog/listing/list-sql';
import { parseListQuery } from '../lib/catalog/listing/query-params';
import { searchTerms } from '../lib/catalog/search/resolve';
import { openPostgres } from '../lib/db/postgres';
import { apiSearches, loadWords } from './load-searches.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '6' }, brand: { type: 'string', default: 'aurora' } } });
const [url, ...given] = positionals;
const rounds = Number(values.rounds);
if (!url || !(rounds >= 2)) {
  console.error('usage: npx tsx bench/statements.mts <database url> [query string ...] [--rounds 6] [--brand aurora]');
  process.exit(2);
}
const brand = brandRegistry().brands.find((b) => b.id === values.brand);
if (!brand) throw new Error(`no brand ${values.brand}`);
const db = openPostgres(url, 60_000, 1);

/** The load mode's API searches (bench/scale.mjs), read from the catalog instead of its API. */
async function loadSearches(): Promise<string[]> {
  const names = await db.query<{ name: string }>(
    `SELECT name FROM events WHERE brand_id = $1 AND listed_until >= now() ORDER BY starts_at NULLS LAST, id LIMIT 200`,
    [brand!.id],
  );
  return apiSearches(loadWords(names.map((e) => e.name)));
}

const searches = given.length > 0 ? given : await loadSearches();
const PARTS = ['words', 'count', 'page'] as const;
const times = new Map<string, number[][]>(searches.map((qs) => [qs, []]));
for (let round = 0; round < rounds; round++) {
  for (const qs of searches) {
    const query = parseListQuery(new URLSearchParams(qs));
    let t = performance.now();
    const terms = await searchTerms(db, brand, query.q);
    const words = performance.now() - t;
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), terms, await sharesFor(db, brand, query, new Date(), true));
    t = performance.now();
    await db.query(sql.count.text, sql.count.params);
    const count = performance.now() - t;
    t = performance.now();
    await db.query(sql.page.text, sql.page.params);
    const page = performance.now() - t;
    if (round > 0) times.get(qs)!.push([words, count, page]);
  }
}
await db.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medians = new Map([...times].map(([qs, runs]) => [qs, PARTS.map((_, i) => median(runs.map((r) => r[i]!)))]));
const line = (label: string, rows: number[][]) =>
  `${label.padEnd(16)} ${String(rows.length).padStart(4)}  ${PARTS.map((_, i) => (rows.reduce((s, r) => s + r[i]!, 0) / Math.max(1, rows.length)).toFixed(2).padStart(6)).join(' ')}`;
console.log(`${'searches'.padEnd(16)} ${'n'.padStart(4)}  ${PARTS.map((p) => p.padStart(6)).join(' ')}   (ms, mean of medians of ${rounds - 1} rounds)`);
console.log(line('all', [...medians.values()]));
console.log(line('with a state', [...medians].filter(([qs]) => qs.includes('state=')).map(([, m]) => m)));
console.log(line('without', [...medians].filter(([qs]) => !qs.includes('state=')).map(([, m]) => m)));
console.log('\nslowest:');
for (const [qs, m] of [...medians].sort((a, b) => b[1][1]! + b[1][2]! - (a[1][1]! + a[1][2]!)).slice(0, 5)) console.log(`  ${m.map((x) => x.toFixed(1).padStart(5)).join(' ')}  ${qs}`);
