import { describe, expect, test } from 'vitest';
import type { Brand } from '../../brand/schema';
import { filterShares, type FilterShares } from './filter-shares';
import { filterParts } from './postings-keys';
import { parseListQuery } from './query-params';

const shares = (counts: Record<string, number>, total: number): FilterShares => ({ total, events: (column, value) => counts[`${column}|${value}`] ?? 0 });
const binder = () => {
  const params: unknown[] = [];
  return { params, add: (v: unknown) => (params.push(v), `$${params.length + 2}`) };
};

describe('filterParts: a filter the entries carry is read from them unless its value is rare', () => {
  const catalog = shares({ 'state_key|sp': 52_000, 'state_key|pb': 5_000, 'state_key|ac': 0, 'category|shows': 113_000, 'category|esportes': 900 }, 260_000);

  test.each([
    ['state=sp', { carried: ['p.state_key = $3'], keys: [] }],
    ['state=pb', { carried: ['p.state_key = $3'], keys: [] }],
    ['state=ac', { carried: [], keys: ['$3'] }],
    ['category=shows&state=ac', { carried: ['p.category = $3'], keys: ['$4'] }],
    ['category=esportes', { carried: [], keys: ['$3'] }],
  ])('%s', (qs, expected) => {
    const { add, params } = binder();
    expect(filterParts(parseListQuery(new URLSearchParams(qs)), add, { cap: 1_020, shares: catalog })).toEqual(expected);
    // Each value bound once: the carried value itself, or the key that holds it.
    expect(params.length).toBe(expected.carried.length + expected.keys.length);
  });

  test('without shares every carried filter is read from the entries; with `lead`, the first key stays a key', () => {
    const query = parseListQuery(new URLSearchParams('category=shows&state=ac'));
    expect(filterParts(query, binder().add, { cap: 1_020 })).toEqual({ carried: ['p.category = $3', 'p.state_key = $4'], keys: [] });
    expect(filterParts(query, binder().add, { cap: 10_020, lead: true })).toEqual({ carried: ['p.state_key = $4'], keys: ['$3'] });
  });

  test('on a small catalog only a value that holds much of it is read from the entries', () => {
    const small = shares({ 'state_key|sp': 150, 'state_key|pe': 40 }, 260);
    expect(filterParts(parseListQuery(new URLSearchParams('state=sp')), binder().add, { cap: 1_020, shares: small }).carried).toHaveLength(1);
    expect(filterParts(parseListQuery(new URLSearchParams('state=pe')), binder().add, { cap: 1_020, shares: small }).keys).toHaveLength(1);
  });
});

describe('filterShares: kept a while, read again in the background', () => {
  test('the first call waits for the counts; later ones get them at once, and a stale copy is read again once', async () => {
    const brand = { id: `shares-${Math.random()}` } as Brand;
    let reads = 0;
    const read = async () => shares({ 'state_key|sp': ++reads }, 10);
    const t0 = 1_000_000;
    expect((await filterShares(brand, read, t0)).events('state_key', 'sp')).toBe(1);
    expect((await filterShares(brand, read, t0 + 60_000)).events('state_key', 'sp')).toBe(1);
    expect(reads).toBe(1);
    // Past five minutes: the held counts answer, and one read starts behind them.
    const stale = filterShares(brand, read, t0 + 6 * 60_000);
    const again = filterShares(brand, read, t0 + 6 * 60_000);
    expect((await stale).events('state_key', 'sp')).toBe(1);
    expect((await again).events('state_key', 'sp')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    expect((await filterShares(brand, read, t0 + 7 * 60_000)).events('state_key', 'sp')).toBe(2);
  });

  test('a failed read in the background keeps the held counts and is tried again', async () => {
    const brand = { id: `shares-${Math.random()}` } as Brand;
    let reads = 0;
    const good = async () => shares({ 'category|shows': 7 }, 10);
    const bad = async (): Promise<FilterShares> => {
      reads++;
      throw new Error('down');
    };
    await filterShares(brand, good, 0);
    expect((await filterShares(brand, bad, 10 * 60_000)).events('category', 'shows')).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await filterShares(brand, bad, 10 * 60_000)).events('category', 'shows')).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
  });
});
