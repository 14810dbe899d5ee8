import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { generateDemo } from './demo';
import { importLines, parseLine } from './import';

const brands = demoRegistry(3000).brands;
const ids = new Set(brands.map((b) => b.id));

// A private in-memory catalog for the import tool.
describe('importLines', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    for (const b of brands) await db.query('INSERT INTO brands (id, name) VALUES ($1, $2)', [b.id, b.name]);
  }, 120_000);
  afterAll(() => db?.close());

  const lines = [...generateDemo({ brands, events: 90, anchor: new Date('2026-11-23T00:00:00Z') })].map((r) => JSON.stringify(r));
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  test('reports each bad line by number with its reason and keeps every good line', async () => {
    const input = [lines[0]!, '{"brand":', '', JSON.stringify({ brand: 'ghost', slug: 'x', name: 'X' }), lines[1]!, JSON.stringify({ brand: 'aurora', slug: 'Bad Slug', name: 'X' }), lines[2]!];
    const report = await importLines(db, input, ids);
    expect(report.lines).toBe(7);
    expect(report.imported).toBe(3);
    expect(report.failed).toEqual([
      { line: 2, reason: expect.stringMatching(/^not valid JSON/) },
      { line: 4, reason: 'brand: unknown brand "ghost"' },
      { line: 6, reason: expect.stringMatching(/^slug: /) },
    ]);
    expect(await count('events')).toBe(3);
  });

  test('is idempotent: the same lines twice give the same rows and ids', async () => {
    await importLines(db, lines, ids);
    const first = await db.query<{ id: number; slug: string }>('SELECT id::int, slug FROM events ORDER BY id');
    const counts = await Promise.all(['events', 'producers', 'venues', 'ticket_sectors', 'ticket_lots'].map(count));
    const report = await importLines(db, lines, ids);
    expect(report.failed).toEqual([]);
    expect(await db.query('SELECT id::int, slug FROM events ORDER BY id')).toEqual(first);
    expect(await Promise.all(['events', 'producers', 'venues', 'ticket_sectors', 'ticket_lots'].map(count))).toEqual(counts);
    expect(first).toHaveLength(90);
  });

  test('a later line updates the event, its tickets and its search keys', async () => {
    const record = JSON.parse(lines[5]!);
    const changed = { ...record, name: 'Maracatu Renovado', sectors: [{ name: 'Único', lots: [{ name: 'Lote final', price_cents: 12345, fee_cents: 1234 }] }] };
    const report = await importLines(db, [JSON.stringify(changed)], ids);
    expect(report.imported).toBe(1);
    const [row] = await db.query<{ name: string; lots: number }>(
      `SELECT e.name, (SELECT count(*)::int FROM ticket_lots l JOIN ticket_sectors s ON s.id = l.sector_id WHERE s.event_id = e.id) AS lots
       FROM events e WHERE brand_id = $1 AND slug = $2`,
      [record.brand, record.slug],
    );
    expect(row).toEqual({ name: 'Maracatu Renovado', lots: 1 });
    const found = await db.query(`SELECT 1 FROM events WHERE search_tsv @@ to_tsquery('simple', catalog_fold('maracatu:*'))`);
    expect(found).toHaveLength(1);
  });

  test('a renamed producer renames the search keys of all its events', async () => {
    const record = JSON.parse(lines[7]!);
    const renamed = { ...record, producer: { ...record.producer, name: 'Xiquexique Produções' } };
    await importLines(db, [JSON.stringify(renamed)], ids);
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e JOIN producers p ON p.id = e.producer_id WHERE p.brand_id = $1 AND p.slug = $2`,
      [record.brand, record.producer.slug],
    )) as [{ n: number }];
    const found = await db.query(`SELECT 1 FROM events WHERE search_tsv @@ to_tsquery('simple', 'xiquexique:*')`);
    expect(found).toHaveLength(n);
  });

  test('every import moves the catalog version', async () => {
    const before = (await db.query<{ v: string }>('SELECT version::text AS v FROM catalog_state'))[0]!.v;
    await importLines(db, [lines[0]!], ids);
    const after = (await db.query<{ v: string }>('SELECT version::text AS v FROM catalog_state'))[0]!.v;
    expect(Number(after)).toBe(Number(before) + 1);
  });
});

describe('parseLine', () => {
  test.each([
    ['   ', null],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok"}', 'record'],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","timezone":"Mars/Base"}', /timezone/],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","starts_at":"2026-12-05T21:00:00-03:00","ends_at":"2026-12-05T20:00:00-03:00"}', /ends_at is before starts_at/],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","venue":{"key":"v","state_abbr":"SPX"}}', /state_abbr/],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","images":{"banner":"javascript:alert(1)"}}', /images.banner/],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","starts_at":"2026-12-05 21:00"}', /starts_at/],
    ['[1,2]', /expected object/],
  ])('%s', (text, expected) => {
    const r = parseLine(text, 9, ids);
    if (expected === null) expect(r).toBeNull();
    else if (expected === 'record') expect(r).toMatchObject({ line: 9, record: { slug: 'ok-1', description: null, sectors: [] } });
    else expect((r as { reason: string }).reason).toMatch(expected);
  });
});
