import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { brandRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import type { EventRecordInput } from '../record';
import { searchTerms } from '../search/resolve';
import { listEvents, withNearVenues } from './events';
import { listSql } from './list-sql';
import { parseListQuery } from './query-params';

// Sorted by distance, a page is read from the nearest venues first, until a page's depth
// of events is found (nearestEvents in sql-parts.ts). Two venues at the same point are at
// the same distance: their events interleave by start, whichever venue is read first.

const anchor = new Date('2026-11-23T00:00:00Z');
const now = new Date('2026-11-23T12:00:00Z');
const brands = brandRegistry().brands;
const brand = brands[0]!;
// A point far from every demo venue (an island in the Atlantic).
const POINT = { lat: -20.5, lng: -29.3 };
const records: EventRecordInput[] = [...generateDemo({ brands, events: 60, anchor })];
const ours = records.filter((r) => r.brand === brand.id && r.venue && !r.is_online).slice(0, 6);
const at = (key: string, name: string) => ({ ...ours[0]!.venue!, key, name, latitude: POINT.lat, longitude: POINT.lng, city: 'Trindade', state: 'Espírito Santo', state_abbr: 'ES' });
// Venues A and B at the point itself, C a little off it: A t1 t3 t5, B t2 t4, C t0.
const starts = [1, 2, 3, 4, 5, 0].map((d) => new Date(anchor.getTime() + (3 + d) * 86_400_000 + 20 * 3_600_000).toISOString());
const placed = ours.map((r, i) => ({
  ...r,
  name: `${r.name} ${i % 2 === 0 ? 'maracatu' : 'frevo'}`,
  starts_at: starts[i]!,
  ends_at: null,
  venue: i === 5 ? { ...at('ponto-c', 'Ponto C'), latitude: POINT.lat + 0.01 } : i % 2 === 0 ? at('ponto-a', 'Ponto A') : at('ponto-b', 'Ponto B'),
}));
const lines = records.map((r) => placed.find((p) => p.slug === r.slug) ?? r);

const backends = await catalogBackends('catalog_nearest', { statementTimeoutMs: 60_000 });

describe.each(backends)('sorted by distance on $name', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, lines);
  }, 300_000);
  afterAll(() => close?.());

  const page = async (qs: string, n: number, perPage: number) =>
    (await listEvents(brand, parseListQuery(new URLSearchParams(`near=${POINT.lat},${POINT.lng}&radius_km=5&sort=distance&per_page=${perPage}&page=${n}&${qs}`)), { now, db })).list;

  test('venues at the same distance: their events by start, one page at a time, then the venue further off', async () => {
    const expected = [0, 1, 2, 3, 4, 5].map((i) => placed[i]!.slug).slice(0, 5).concat(placed[5]!.slug);
    for (const perPage of [1, 2, 4]) {
      const slugs: string[] = [];
      for (let n = 1; n <= Math.ceil(6 / perPage); n++) slugs.push(...(await page('', n, perPage)).data.map((e) => e.slug));
      expect(slugs, `per_page=${perPage}`).toEqual(expected);
    }
    expect((await page('', 1, 2)).meta.total).toBe(6);
  });

  test('with a word: only its events, in the same order', async () => {
    const expected = [0, 2, 4].map((i) => placed[i]!.slug);
    const slugs: string[] = [];
    for (let n = 1; n <= 3; n++) slugs.push(...(await page('q=maracatu', n, 1)).data.map((e) => e.slug));
    expect(slugs).toEqual(expected);
    expect((await page('q=frevo', 1, 5)).data.map((e) => e.slug)).toEqual([1, 3, 5].map((i) => placed[i]!.slug));
  });

  // A caller that builds the statements without looking the venues up first gets them as a
  // subquery of the statement (filters/near.ts): the same events either way.
  test('the venues in the radius as a subquery: the same count and page as the list looked up first', async () => {
    for (const qs of ['', 'q=frevo', 'sort=date', 'sort=distance', 'q=maracatu&sort=distance']) {
      const query = parseListQuery(new URLSearchParams(`near=${POINT.lat},${POINT.lng}&radius_km=5&per_page=4&${qs}`));
      const terms = await searchTerms(db, brand, query.q);
      const looked = listSql(brand, await withNearVenues(db, brand, query), now, terms);
      const inline = listSql(brand, query, now, terms);
      expect(inline.count.text, qs).toContain('ARRAY(SELECT');
      expect(looked.count.text, qs).not.toContain('ARRAY(SELECT');
      for (const k of ['count', 'page'] as const) {
        const rows = await db.query(inline[k].text, inline[k].params);
        expect(rows, `${qs} ${k}`).toEqual(await db.query(looked[k].text, looked[k].params));
        expect(rows.length, `${qs} ${k}`).toBeGreaterThan(0);
      }
    }
  });
});
