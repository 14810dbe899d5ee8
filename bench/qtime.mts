import { brandRegistry } from '../lib/brand/registry';
import { withNearVenues } from '../lib/catalog/listing/events';
import { listSql } from '../lib/catalog/listing/list-sql';
import { parseListQuery } from '../lib/catalog/listing/query-params';
import { searchTerms } from '../lib/catalog/search/resolve';
import { openPostgres } from '../lib/db/postgres';
const [url, ...rest] = process.argv.slice(2);
const brand = brandRegistry().brands.find((b) => b.id === 'aurora')!;
const db = openPostgres(url!, 60_000, 1);
const names = await db.query<{ name: string }>(`SELECT name FROM events WHERE brand_id='aurora' AND listed_until >= now() AND starts_at >= now() ORDER BY starts_at, id LIMIT 200`);
const words = [...new Set(names.flatMap((e) => e.name.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4)))].slice(0, 60);
const states = ['sp', 'rj', 'pe', 'ba', 'mg', 'rs'];
const qs = rest.length ? rest : words.flatMap((w, i) => [`q=${encodeURIComponent(w)}`, `q=${encodeURIComponent(w)}&state=${states[i % states.length]}`]);
const tot = { terms: 0, count: 0, page: 0 };
const rows: string[] = [];
for (let round = 0; round < 2; round++) {
  for (const k of Object.keys(tot)) (tot as any)[k] = 0;
  rows.length = 0;
  for (const q of qs) {
    const query = parseListQuery(new URLSearchParams(q));
    let t = performance.now();
    const terms = await searchTerms(db, brand, query.q);
    const a = performance.now() - t;
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), terms);
    t = performance.now();
    await db.query(sql.count.text, sql.count.params);
    const b = performance.now() - t;
    t = performance.now();
    await db.query(sql.page.text, sql.page.params);
    const c = performance.now() - t;
    tot.terms += a; tot.count += b; tot.page += c;
    rows.push(`${(a + b + c).toFixed(1).padStart(6)} ${a.toFixed(1).padStart(5)} ${b.toFixed(1).padStart(5)} ${c.toFixed(1).padStart(5)}  ${q}`);
  }
}
const n = qs.length;
console.log(`per query ms: terms ${(tot.terms / n).toFixed(2)} count ${(tot.count / n).toFixed(2)} page ${(tot.page / n).toFixed(2)} (n=${n})`);
if (process.env.TOP) console.log(rows.sort().reverse().slice(0, Number(process.env.TOP)).join('\n'));
await db.close();
