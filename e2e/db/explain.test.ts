import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/catalog/demo';
import { eventSql, listSql } from '../../lib/catalog/events';
import { importLines } from '../../lib/catalog/import';
import { parseListQuery } from '../../lib/catalog/query-params';
import { migrate } from '../../lib/db/migrate';
import { openPostgres } from '../../lib/db/postgres';
import type { Db } from '../../lib/db/types';
import { createTestDatabase, postgresReachable } from '../support/postgres';

const available = await postgresReachable();
const EVENTS = 30_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

// On a catalog large enough for the planner to care, the hot statements (the very SQL
// the API runs) reach events through indexes, never a sequential scan.
describe.skipIf(!available && process.env.CI !== 'true')(`query plans on ${EVENTS} events (PostgreSQL)`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const brands = brandRegistry().brands;
  const brand = brands[0]!;

  beforeAll(async () => {
    const created = await createTestDatabase('catalog_plan');
    drop = created.drop;
    db = openPostgres(created.url, 60_000, 4);
    await migrate(db);
    await db.query(`INSERT INTO brands (id, name) SELECT id, name FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text)`, [
      JSON.stringify(brands.map((b) => ({ id: b.id, name: b.name }))),
    ]);
    const lines = (function* () {
      for (const r of generateDemo({ brands, events: EVENTS, seed: 7 })) yield JSON.stringify(r);
    })();
    const report = await importLines(db, lines, new Set(brands.map((b) => b.id)));
    expect(report.failed).toEqual([]);
    await db.query('VACUUM ANALYZE');
  }, 600_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  async function plan(sql: { text: string; params: unknown[] }): Promise<PlanNode[]> {
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.params);
    return nodes(row!['QUERY PLAN'][0]!.Plan);
  }

  const producerSlug = async () => (await db.query<{ slug: string }>(`SELECT slug FROM producers WHERE brand_id = $1 LIMIT 1`, [brand.id]))[0]!.slug;

  const cases: Array<[string, () => Promise<string>]> = [
    ['default listing', async () => ''],
    ['search', async () => 'q=forro'],
    ['search with accents', async () => 'q=s%C3%A3o+paulo'],
    ['city', async () => 'city=goiania'],
    ['state', async () => 'state=pe'],
    ['organization', async () => `organization=${await producerSlug()}`],
    ['search and state', async () => 'q=festival&state=sp'],
  ];

  test.each(cases)('%s: count and page use indexes on events', async (_, qs) => {
    const sql = listSql(brand, parseListQuery(new URLSearchParams(await qs())), new Date());
    for (const statement of [sql.count, sql.page]) {
      const all = await plan(statement);
      const onEvents = all.filter((n) => n['Relation Name'] === 'events');
      expect(onEvents.length, JSON.stringify(all.map((n) => n['Node Type']))).toBeGreaterThan(0);
      for (const n of onEvents) expect(n['Node Type'], statement.text.slice(0, 80)).not.toBe('Seq Scan');
      // Without a search term, the events under way come from the range index, not from
      // a walk through the start index.
      if (!statement.text.includes('search_tsv')) expect(all.map((n) => n['Index Name'])).toContain('events_under_way_idx');
    }
  });

  test('detail uses the (brand, slug) index', async () => {
    const [row] = await db.query<{ slug: string }>('SELECT slug FROM events WHERE brand_id = $1 LIMIT 1', [brand.id]);
    const all = await plan(eventSql(brand, row!.slug));
    const onEvents = all.filter((n) => n['Relation Name'] === 'events');
    expect(onEvents.map((n) => n['Node Type'])).toEqual(['Index Scan']);
  });
});
