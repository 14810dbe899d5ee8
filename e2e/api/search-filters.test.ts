import { describe, expect, test } from 'vitest';
import { api, fold, list, listAll, type ListItem } from './helpers';
import { targets } from './targets';

// Search as people type it, and the filters beyond the spec (date_from, date_to, near,
// radius_km, sort), against production servers on both databases.

const RECIFE = { lat: -8.0476, lng: -34.877 };
function km(a: { lat: number; lng: number }, e: ListItem): number {
  const b = { lat: Number(e.location!.latitude), lng: Number(e.location!.longitude) };
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
const day = (e: ListItem) => e.starts_at!.slice(0, 10);

describe.each(targets)('search and filters on $name', (target) => {
  test.each([
    ['forró em Recife', (e: ListItem) => fold(e.name).includes('forro') || e.location?.city === 'Recife'],
    ['eventos em São Paulo', (e: ListItem) => e.location?.city === 'São Paulo'],
    ['o que tem em Salvador', (e: ListItem) => e.location?.city === 'Salvador'],
    ['events in Salvador', (e: ListItem) => e.location?.city === 'Salvador'],
    ['jazz sp', (e: ListItem) => fold(e.name).includes('jazz') || e.location?.state_abbr === 'SP'],
    ['standup', (e: ListItem) => fold(e.name).includes('stand-up')],
    ['stand up', (e: ListItem) => fold(e.name).includes('stand-up')],
    ['forro recfie', (e: ListItem) => fold(e.name).includes('forro') || e.location?.city === 'Recife'],
    ['florianoplis', (e: ListItem) => e.location?.city === 'Florianópolis'],
  ])('q=%s finds relevant events first', async (q, relevant) => {
    const r = await list(target, `q=${encodeURIComponent(q)}&per_page=3`);
    expect(r.data.length).toBeGreaterThan(0);
    for (const e of r.data) expect(relevant(e), `${q}: ${e.name} @ ${e.location?.city}`).toBe(true);
  });

  test('a search below its cap counts exactly: total_relation "eq", the last page holds the last results', async () => {
    const r = await list(target, 'q=recife&per_page=7');
    expect(r.meta.total_relation).toBe('eq');
    expect(r.meta.total).toBeGreaterThan(7);
    expect(r.meta.last_page).toBe(Math.ceil(r.meta.total / 7));
    const last = await list(target, `q=recife&per_page=7&page=${r.meta.last_page}`);
    expect(last.data.length).toBe(r.meta.total - 7 * (r.meta.last_page - 1));
  });

  test('a q of stop words only is no search', async () => {
    expect(await list(target, 'q=em+de+the&per_page=5')).toEqual(await list(target, 'per_page=5'));
  });

  test('date_from and date_to: calendar days of the start in the event zone, inclusive', async () => {
    const all = await listAll(target);
    const days = [...new Set(all.map(day))].sort();
    const [from, to] = [days[2]!, days[8]!];
    const found = await listAll(target, `date_from=${from}&date_to=${to}`);
    expect(found.map((e) => e.id)).toEqual(all.filter((e) => day(e) >= from && day(e) <= to).map((e) => e.id));
    expect((await listAll(target, `date_from=${from}&date_to=${from}`)).every((e) => day(e) === from)).toBe(true);
  });

  test('near with radius_km: venues within the radius, no online event; sort=distance nearest first', async () => {
    const found = await listAll(target, `near=${RECIFE.lat},${RECIFE.lng}&radius_km=150&sort=distance`);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(e.is_online).toBe(false);
      expect(km(RECIFE, e)).toBeLessThanOrEqual(150.01);
    }
    for (let i = 1; i < found.length; i++) expect(km(RECIFE, found[i]!)).toBeGreaterThanOrEqual(km(RECIFE, found[i - 1]!) - 0.01);
    const near = await listAll(target, `near=${RECIFE.lat},${RECIFE.lng}`);
    expect(near.every((e) => km(RECIFE, e) <= 50.01)).toBe(true);
    expect(near.length).toBeLessThan(found.length);
  });

  test('sort=date orders a search by date; filters combine with q', async () => {
    const byDate = await listAll(target, 'q=festival&sort=date');
    for (let i = 1; i < byDate.length; i++) expect(Date.parse(byDate[i]!.starts_at!)).toBeGreaterThanOrEqual(Date.parse(byDate[i - 1]!.starts_at!));
    const combined = await listAll(target, `q=forro&near=${RECIFE.lat},${RECIFE.lng}&radius_km=200`);
    expect(combined.length).toBeGreaterThan(0);
    for (const e of combined) expect(km(RECIFE, e)).toBeLessThanOrEqual(200.01);
  });

  test('a search with dates, a state and an organizer finds exactly the events of the search that meet them', async () => {
    const all = await listAll(target, 'q=sao+paulo&sort=date');
    const days = [...new Set(all.map(day))].sort();
    const [from, to] = [days[1]!, days[Math.min(days.length - 1, 9)]!];
    const inRange = all.filter((e) => day(e) >= from && day(e) <= to);
    expect(inRange.length).toBeGreaterThan(0);
    const found = await listAll(target, `q=sao+paulo&sort=date&date_from=${from}&date_to=${to}`);
    expect(found.map((e) => e.id)).toEqual(inRange.map((e) => e.id));
    const counted = await list(target, `q=sao+paulo&date_from=${from}&date_to=${to}&per_page=1`);
    expect(counted.meta).toMatchObject({ total: inRange.length, total_relation: 'eq' });
    const sp = await listAll(target, 'q=festival&state=sp&sort=date');
    expect(sp.map((e) => e.id)).toEqual((await listAll(target, 'q=festival&sort=date')).filter((e) => e.location?.state_abbr === 'SP').map((e) => e.id));
  });

  test('category: only the events of the category, combined with the other filters; words that name it find it too', async () => {
    const all = await listAll(target);
    let seen = 0;
    for (const category of ['shows', 'teatro', 'infantil', 'stand-up']) {
      const found = await listAll(target, `category=${category}`);
      seen += found.length;
      expect(found.length, category).toBeGreaterThan(0);
      // In date order, a subset of the listing.
      const ids = all.map((e) => e.id);
      expect(found.map((e) => ids.indexOf(e.id))).toEqual(found.map((e) => ids.indexOf(e.id)).sort((a, b) => a - b));
    }
    expect(seen).toBeLessThan(all.length);
    const theatres = new Set((await listAll(target, 'category=teatro')).map((e) => e.id));
    const sp = await listAll(target, `category=teatro&city=${encodeURIComponent('São Paulo')}`);
    for (const e of sp) expect([theatres.has(e.id), e.location?.city]).toEqual([true, 'São Paulo']);
    // "peça de teatro" names the category: the first results are plays.
    const r = await list(target, `q=${encodeURIComponent('peça de teatro')}&per_page=3`);
    for (const e of r.data) expect(theatres.has(e.id), e.name).toBe(true);
  });

  test('prices stay out of the API: price filters are not read, and the Event shows no category, rating or status', async () => {
    expect(await list(target, 'price_max=10&free=true&age_rating=livre&per_page=5')).toEqual(await list(target, 'per_page=5'));
    const r = await list(target, 'category=teatro&per_page=1');
    expect(Object.keys(r.data[0]!).sort()).toEqual(Object.keys((await list(target, 'per_page=1')).data[0]!).sort());
    expect(r.data[0]).not.toHaveProperty('category');
    expect(r.data[0]).not.toHaveProperty('event_status');
  });

  test.each([
    ['date_from=2026-02-30', 'invalid_date'],
    ['date_to=2026-13-01', 'invalid_date'],
    ['date_from=2026-12-10&date_to=2026-12-01', 'invalid_date_range'],
    ['near=95,10', 'invalid_near'],
    ['near=-8,abc', 'invalid_near'],
    ['near=-8,-34&radius_km=5000', 'invalid_radius'],
    ['near=-8,-34&radius_km=-1', 'invalid_radius'],
    ['sort=distance', 'invalid_sort'],
    ['sort=price', 'invalid_sort'],
    ['category=opera', 'invalid_category'],
    ['category=Teatro', 'invalid_category'],
    ['accessibility=ramp', 'invalid_accessibility'],
    ['accessibility=wheelchair,Libras', 'invalid_accessibility'],
    ['accessibility=cadeirantes', 'invalid_accessibility'],
  ])('%s is a 400 problem %s', async (qs, code) => {
    const res = await api(target, `/events?${qs}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, code, error: code });
  });
});
