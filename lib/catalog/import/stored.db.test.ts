import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import type { Db } from '../../db/types';
import { importLines } from '.';
import { STORED_AS_READ, type EventRecordInput } from '../record';

// The import writes the fields stored as read from their one declaration (record.ts):
// each declared field reaches the column of its name, on insert and on re-import.
describe('fields of an event stored as read', () => {
  let db: Db;
  const columns = Object.keys(STORED_AS_READ);
  const stored = async (slug: string) =>
    (await db.query<Record<string, unknown>>(`SELECT ${columns.join(', ')} FROM events WHERE brand_id = 'aurora' AND slug = $1`, [slug]))[0];
  const put = async (record: EventRecordInput) => {
    const report = await importLines(db, [JSON.stringify(record)], new Set(['aurora']));
    expect(report.failed).toEqual([]);
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO brands (id, name) VALUES ('aurora', 'Aurora')`);
  }, 120_000);
  afterAll(() => db?.close());

  test('each declared field reaches its column, and a re-import replaces it', async () => {
    const line = { brand: 'aurora', slug: 'peca-1', name: 'Peça', starts_at: '2027-01-10T20:00:00-03:00' } as const;
    await put({
      ...line,
      category: 'teatro',
      age_rating: '14',
      event_status: 'rescheduled',
      previous_starts_at: '2027-01-03T20:00:00-03:00',
      sales_start_at: '2026-12-20T10:00:00-03:00',
      accessibility: ['libras', 'wheelchair'],
      accessibility_notes: 'Rampa pela entrada lateral',
      purchase_url: 'https://loja.example/e/peca-1?canal=site',
    });
    expect(await stored('peca-1')).toEqual({
      category: 'teatro',
      age_rating: '14',
      event_status: 'rescheduled',
      previous_starts_at: new Date('2027-01-03T23:00:00Z'),
      sales_start_at: new Date('2026-12-20T13:00:00Z'),
      accessibility: ['wheelchair', 'libras'],
      accessibility_notes: 'Rampa pela entrada lateral',
      purchase_url: 'https://loja.example/e/peca-1?canal=site',
    });
    await put({ ...line, category: 'shows', age_rating: null, event_status: 'scheduled' });
    expect(await stored('peca-1')).toEqual({ category: 'shows', age_rating: null, event_status: 'scheduled', previous_starts_at: null, sales_start_at: null, accessibility: [], accessibility_notes: null, purchase_url: null });
  });
});
