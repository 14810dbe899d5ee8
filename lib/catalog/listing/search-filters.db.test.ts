import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../brand/registry';
import type { Brand } from '../../brand/schema';
import { startCatalog } from '../../startup/catalog';
import { getEvent } from '../event/read';
import { listEvents } from './events';
import type { EventListItem } from '../public-schema';
import { parseListQuery } from './query-params';
import { isCalendarDate } from '../filters/dates';
import { RADIUS_KM } from '../filters/near';
import { readSearchFilters } from './search-filters';
import { toZonedRfc3339 } from '../time';

const read = (qs: string) => readSearchFilters(new URLSearchParams(qs));

describe('readSearchFilters', () => {
  test('calendar dates: real days only', () => {
    for (const d of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', '2026-01-01T00:00', 'tomorrow']) expect(isCalendarDate(d), d).toBe(false);
  });

  test.each([
    ['date_from=2026-02-30', 'invalid_date'],
    ['date_to=amanha', 'invalid_date'],
    ['date_from=2026-12-10&date_to=2026-12-09', 'invalid_date_range'],
    ['near=91,0', 'invalid_near'],
    ['near=0,180.5', 'invalid_near'],
    ['near=abc', 'invalid_near'],
    ['near=1e1,2', 'invalid_near'],
    ['near=-23.5,-46.6,3', 'invalid_near'],
    ['near=0x10,1', 'invalid_near'],
    ['near=-23.5,-46.6&radius_km=0', 'invalid_radius'],
    ['near=-23.5,-46.6&radius_km=501', 'invalid_radius'],
    ['near=-23.5,-46.6&radius_km=ten', 'invalid_radius'],
    ['sort=popularity', 'invalid_sort'],
    ['sort=distance', 'invalid_sort'],
  ])('%s → %s', (qs, code) => {
    expect(read(qs).error?.code).toBe(code);
  });

  test('good values, and blanks as absent', () => {
    expect(read('date_from=2026-12-05&date_to=2026-12-05&near=-23.55,+-46.63&radius_km=12.5&sort=distance')).toEqual({
      filters: { dateFrom: '2026-12-05', dateTo: '2026-12-05', near: { lat: -23.55, lng: -46.63 }, radiusKm: 12.5, sort: 'distance' },
      error: null,
    });
    expect(read('date_from=&near=%20&sort=')).toEqual({ filters: {}, error: null });
  });

  test('the lenient reading (site, tools) leaves out only the bad filter', () => {
    const q = parseListQuery(new URLSearchParams('date_from=2026-02-30&near=-8.05,-34.88&sort=distance'));
    expect(q).toMatchObject({ near: { lat: -8.05, lng: -34.88 }, sort: 'distance' });
    expect(q.dateFrom).toBeUndefined();
  });
});

// Haversine, independently of the SQL.
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('filters on the process-wide demo catalog', () => {
  let brand: Brand;
  let listing: EventListItem[];
  const now = new Date();
  const all = async (qs: string) => {
    const out: EventListItem[] = [];
    for (let page = 1; ; page++) {
      const r = (await listEvents(brand, parseListQuery(new URLSearchParams(`${qs}&per_page=50&page=${page}`)), { now })).list;
      out.push(...r.data);
      if (page >= r.meta.last_page) {
        expect(out).toHaveLength(r.meta.total);
        return out;
      }
    }
  };
  const localDay = (e: EventListItem) => e.starts_at?.slice(0, 10) ?? null;

  beforeAll(async () => {
    await startCatalog();
    brand = brandRegistry().brands[0]!;
    listing = await all('');
  }, 120_000);

  test('date_from and date_to: calendar days of the start in the event\'s own zone, inclusive', async () => {
    const days = [...new Set(listing.map(localDay).filter((d): d is string => d !== null))].sort();
    const [from, to] = [days[3]!, days[10]!];
    const expected = listing.filter((e) => localDay(e) !== null && localDay(e)! >= from && localDay(e)! <= to);
    expect(expected.length).toBeGreaterThan(0);
    expect(await all(`date_from=${from}&date_to=${to}`)).toEqual(expected);
    expect((await all(`date_from=${from}&date_to=${from}`)).every((e) => localDay(e) === from)).toBe(true);
    expect(await all(`date_from=${days.at(-1)}`)).toEqual(listing.filter((e) => localDay(e) === days.at(-1)));
    expect((await all(`date_to=${days[0]}`)).every((e) => localDay(e) === days[0])).toBe(true);
    // starts_at carries the event's own offset: its date part is the local day.
    const e = listing.find((x) => x.starts_at && x.timezone !== 'America/Sao_Paulo')!;
    expect(toZonedRfc3339(new Date(e.starts_at!), e.timezone!).slice(0, 10)).toBe(localDay(e));
  });

  test('near: venues within the radius, no online event; sort=distance orders by distance, then date', async () => {
    const recife = { lat: -8.0476, lng: -34.877 };
    const located = listing.filter((e) => !e.is_online && e.location?.latitude && e.location.longitude);
    const dist = (e: EventListItem) => km(recife, { lat: Number(e.location!.latitude), lng: Number(e.location!.longitude) });
    for (const radius of [10, RADIUS_KM.default, 150]) {
      const expected = located.filter((e) => dist(e) <= radius);
      expect(expected.length, `${radius} km`).toBeGreaterThan(0);
      const found = await all(`near=${recife.lat},${recife.lng}&radius_km=${radius}`);
      expect(found.map((e) => e.slug), `${radius} km`).toEqual(expected.map((e) => e.slug));
    }
    // Caruaru (about 120 km) is out at the default radius and in at 150 km.
    expect((await all(`near=${recife.lat},${recife.lng}`)).some((e) => e.location?.city === 'Caruaru')).toBe(false);
    const byDistance = await all(`near=${recife.lat},${recife.lng}&radius_km=150&sort=distance`);
    const order = [...byDistance].sort((a, b) => dist(a) - dist(b) || Date.parse(a.starts_at!) - Date.parse(b.starts_at!) || a.id - b.id);
    expect(byDistance.map((e) => e.slug)).toEqual(order.map((e) => e.slug));
    expect(byDistance.some((e) => e.location?.city === 'Caruaru')).toBe(true);
    const page2 = (await listEvents(brand, parseListQuery(new URLSearchParams(`near=${recife.lat},${recife.lng}&radius_km=150&sort=distance&per_page=7&page=2`)), { now })).list;
    expect(page2.data.map((e) => e.slug)).toEqual(byDistance.slice(7, 14).map((e) => e.slug));
  });

  test('filters combine with a search; sort=date orders a search by date', async () => {
    const found = await all('q=forro&near=-8.0476,-34.877&radius_km=150');
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(km({ lat: -8.0476, lng: -34.877 }, { lat: Number(e.location!.latitude), lng: Number(e.location!.longitude) })).toBeLessThanOrEqual(150);
      const detail = await getEvent(brand, e.slug);
      expect(detail?.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('forro');
    }
    const byDate = await all('q=festival&sort=date');
    const time = (e: EventListItem) => (e.starts_at ? Date.parse(e.starts_at) : Infinity);
    const sorted = [...byDate].sort((a, b) => time(a) - time(b) || a.id - b.id);
    expect(byDate.map((e) => e.starts_at)).toEqual(sorted.map((e) => e.starts_at));
    expect(byDate.map((e) => e.slug).sort()).toEqual((await all('q=festival')).map((e) => e.slug).sort());
  });
});
