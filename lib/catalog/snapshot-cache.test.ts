import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import { getDb, whenDbReady } from '../db';
import { getEvent, listEvents } from './events';
import { parseListQuery } from './query-params';

// The process-wide catalog: embedded, in memory, with the demo catalog.
describe('snapshot cache', () => {
  const brand = brandRegistry().brands[0]!;
  beforeAll(async () => {
    await whenDbReady();
  }, 120_000);

  test('repeated identical questions within the window send no query', async () => {
    const db = await getDb();
    const query = parseListQuery(new URLSearchParams('q=forro&per_page=7'));
    const first = await listEvents(brand, query);
    const before = db.queryCount;
    for (let i = 0; i < 20; i++) expect(await listEvents(brand, query)).toBe(first);
    const slug = first.data[0]!.slug;
    await getEvent(brand, slug);
    const afterDetail = db.queryCount;
    await getEvent(brand, slug);
    await getEvent(brand, 'no-such-event');
    await getEvent(brand, 'no-such-event');
    expect(afterDetail).toBe(before + 1);
    expect(db.queryCount).toBe(before + 2);
  });

  test('concurrent identical questions share one round trip', async () => {
    const db = await getDb();
    const query = parseListQuery(new URLSearchParams('state=sp&per_page=9'));
    const before = db.queryCount;
    const answers = await Promise.all(Array.from({ length: 10 }, () => listEvents(brand, query)));
    expect(new Set(answers).size).toBe(1);
    expect(db.queryCount - before).toBe(2); // one count, one page
  });
});
