import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import { whenDbReady } from '../db';
import { queryEvents } from './events';
import { getEventOrThrow } from './get-event';
import { EventDetailSchema } from './public-schema';
import { parseListQuery } from './query-params';

const brand = brandRegistry().brands[1]!;
const list = (qs: string) => queryEvents(brand, parseListQuery(new URLSearchParams(qs)), new Date());
const PUBLIC_KEYS = Object.keys(EventDetailSchema.shape).sort();

// The process-wide embedded catalog with the demo data, queried without the snapshot cache.
describe('catalog queries on the embedded database', () => {
  beforeAll(async () => {
    await whenDbReady();
  }, 120_000);

  test('search is case- and accent-insensitive both ways', async () => {
    const a = await list('q=sao+paulo&per_page=50');
    const b = await list(`q=${encodeURIComponent('SÃO PAULO')}&per_page=50`);
    expect(a.meta.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
    const forro = await list('q=forro&per_page=50');
    expect(forro.data.some((e) => e.name.includes('Forró'))).toBe(true);
  });

  test('word prefixes match', async () => {
    const full = await list('q=florianopolis');
    const prefix = await list('q=florian');
    expect(prefix.meta.total).toBeGreaterThanOrEqual(full.meta.total);
    expect(full.meta.total).toBeGreaterThan(0);
  });

  test('the slug guard answers 400 for blanks and 404 without a query for impossible slugs', async () => {
    await expect(getEventOrThrow(brand, '  ')).rejects.toMatchObject({ code: 'slug_missing' });
    await expect(getEventOrThrow(brand, undefined)).rejects.toMatchObject({ code: 'slug_missing' });
    await expect(getEventOrThrow(brand, '../etc')).rejects.toMatchObject({ code: 'event_not_found' });
  });

  test('a new internal column and internal values never reach the public shapes', async () => {
    const db = await whenDbReady();
    await db.query(`ALTER TABLE events ADD COLUMN IF NOT EXISTS payout_account text DEFAULT 'LEAK-ACCOUNT'`);
    await db.query(`UPDATE producers SET contact_email = 'leak@internal.example', internal_notes = 'LEAK-NOTES'`);
    const page = await list('per_page=50');
    const detail = await getEventOrThrow(brand, page.data[0]!.slug);
    const text = JSON.stringify([page, detail]);
    expect(text).not.toMatch(/LEAK|leak@internal|payout_account|contact_email|commission|internal_notes/);
    expect(Object.keys(detail).sort()).toEqual(PUBLIC_KEYS);
    for (const e of page.data) expect(Object.keys(e).sort()).toEqual(PUBLIC_KEYS);
  });
});
