// npx tsx bench/explain.ts <database url> <brand> <query string | similar=<event slug>> [...]
// Prints EXPLAIN (ANALYZE, BUFFERS) of the count and page statements that the API runs
// for each listing query string, or of the similar events' statement of an event page
// (`similar=<slug>`), on a catalog of your choice (one made by bench:scale).
import { brandRegistry } from '../lib/brand/registry';
import { sharesFor, withNearVenues } from '../lib/catalog/listing/events';
import { listSql } from '../lib/catalog/listing/list-sql';
import type { Sql } from '../lib/catalog/listing/sql-parts';
import { similarSql } from '../lib/catalog/listing/similar';
import { parseListQuery } from '../lib/catalog/listing/query-params';
import { searchTerms } from '../lib/catalog/search/resolve';
import { openPostgres } from '../lib/db/postgres';

const [url, brandId, ...queries] = process.argv.slice(2);
if (!url || !brandId || queries.length === 0) {
  console.error('usage: npx tsx bench/explain.ts <database url> <brand> <query string> [...]');
  process.exit(2);
}
const brand = brandRegistry().brands.find((b) => b.id === brandId);
if (!brand) throw new Error(`no brand ${brandId}`);
const db = openPostgres(url, 60_000, 1);

async function explain(title: string, statement: Sql) {
  // Twice: the first run warms the cache, the second is the one shown.
  await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  console.log(`\n### ${title}\n`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}

for (const qs of queries) {
  const similar = new URLSearchParams(qs).get('similar');
  if (similar) {
    const [row] = await db.query<{ id: number }>('SELECT id::int AS id FROM events WHERE brand_id = $1 AND slug = $2', [brand.id, similar]);
    if (!row) throw new Error(`no event ${similar}`);
    await explain(`similar events of ${similar}`, similarSql(brand, row.id, new Date()));
    continue;
  }
  const query = parseListQuery(new URLSearchParams(qs));
  const started = performance.now();
  const terms = await searchTerms(db, brand, query.q);
  const termsMs = performance.now() - started;
  const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), terms, await sharesFor(db, brand, query, new Date(), true));
  for (const [name, statement] of Object.entries({ count: sql.count, page: sql.page })) {
    await explain(`${qs}: ${name} (terms resolved in ${termsMs.toFixed(1)} ms)`, statement);
  }
}
await db.close();
