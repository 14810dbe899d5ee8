import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import { getDb } from '../db';
import { startCatalog } from '../startup/catalog';
import { getEvent } from './event/read';
import { listEvents } from './listing/events';
import { windowRemainingMs, windowedCache } from './snapshot-cache';
import { parseListQuery } from './listing/query-params';

// The process-wide catalog: embedded, in memory, with the demo catalog.
describe('snapshot cache', () => {
  const brand = brandRegistry().brands[0]!;
  beforeAll(async () => {
    await startCatalog();
  }, 120_000);
  // Windows close on the clock: keep each test inside one.
  beforeEach(async () => {
    const left = windowRemainingMs();
    // Each test here takes milliseconds (the whole file took 1 s at load average 15); waiting out a window's last 3 s leaves them room, and a late timer only starts them later in the next one.
    if (left < 3_000) await new Promise((r) => setTimeout(r, left + 10));
  });

  test('repeated identical questions within the window send no query', async () => {
    const db = await getDb();
    const query = parseListQuery(new URLSearchParams('q=forro&per_page=7'));
    const first = await listEvents(brand, query);
    const before = db.queryCount;
    for (let i = 0; i < 20; i++) expect(await listEvents(brand, query)).toBe(first);
    const slug = first.list.data[0]!.slug;
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
    // The brand's counts by state, which choose how the filter is read, are kept a while
    // (listing/filter-shares.ts): another question reads them first.
    await listEvents(brand, parseListQuery(new URLSearchParams('state=sp&per_page=8')));
    const before = db.queryCount;
    const answers = await Promise.all(Array.from({ length: 10 }, () => listEvents(brand, query)));
    expect(new Set(answers).size).toBe(1);
    expect(db.queryCount - before).toBe(1); // the count and its page, one statement
  });
});

describe('snapshot windows', () => {
  test('are aligned to the clock: an entry lives until the end of the window its load began in', () => {
    const ttl = 30_000; // the default window
    expect(windowRemainingMs(0)).toBe(ttl);
    expect(windowRemainingMs(ttl - 1)).toBe(1);
    expect(windowRemainingMs(ttl)).toBe(ttl);
    expect(windowRemainingMs(10 * ttl + 12_345)).toBe(ttl - 12_345);
  });

  test('a windowed cache loads once, lets a caller peek, and forgets failures and refused answers', async () => {
    const cache = windowedCache('test-window', 10);
    let loads = 0;
    const load = (value: number) => async () => {
      loads++;
      return value;
    };
    expect(cache.peek('a')).toBeUndefined();
    const [x, y] = await Promise.all([cache.load('a', load(1)), cache.load('a', load(2))]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    expect(await cache.peek('a')).toBe(1);

    await expect(cache.load('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('b')).toBeUndefined();

    expect(await cache.load('c', load(503), (v) => v !== 503)).toBe(503);
    await Promise.resolve();
    expect(cache.peek('c')).toBeUndefined();
    expect(await cache.load('c', load(200), (v) => v !== 503)).toBe(200);
    expect(await cache.peek('c')).toBe(200);

    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
  });

  test('a windowed cache is bounded by bytes: large answers push out the least recently used, one larger than the bound is not kept', async () => {
    const cache = windowedCache('test-bytes', 1_000, 10_000);
    const page = (n: number) => async () => ({ status: 200, body: 'x'.repeat(n) });
    for (let i = 0; i < 10; i++) await cache.load(`p${i}`, page(3_000));
    await new Promise((r) => setTimeout(r, 0));
    // 3,000 characters + 512 each: at most two fit in 10,000 bytes.
    const held = Array.from({ length: 10 }, (_, i) => cache.peek(`p${i}`)).filter(Boolean);
    expect(held.length).toBe(2);
    expect(cache.peek('p9')).toBeDefined();
    await cache.load('huge', page(20_000));
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('huge')).toBeUndefined();
  });
});
