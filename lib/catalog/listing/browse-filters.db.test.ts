import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, eventIdsBySlug, fillCatalog } from '../../../e2e/support/catalog-backends';
import { brandRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { ACCESSIBILITY_FEATURES, CATEGORY_SLUGS } from '../categories';
import { generateDemo } from '../../demo/generate';
import { listEvents, soonestListed } from './events';
import { importLines } from '../import';
import { parseListQuery } from './query-params';
import { fold } from '../search/search-terms';
import type { EventRecordInput } from '../record';

// Browsing filters (category, accessibility, free, a maximum price, all ages, sorting by price) on both
// databases, against what the demo records say: every filter keeps exactly the listed
// events it should, in the order it promises.

const EVENTS = 900;
const anchor = new Date('2026-11-23T00:00:00Z');
const now = new Date('2026-11-23T12:00:00Z');
const brands = brandRegistry().brands;
const brand = brands[0]!;
const records = [...generateDemo({ brands, events: EVENTS, anchor })];

const listedUntil = (r: EventRecordInput) =>
  r.ends_at ? Date.parse(r.ends_at) : r.starts_at ? Date.parse(r.starts_at) + 86_400_000 : Infinity;
/** The lowest price with fees of a lot on sale, as the import derives it. */
const lowest = (r: EventRecordInput): number | null => {
  if (r.is_closed || r.event_status === 'cancelled') return null;
  const totals = (r.sectors ?? []).flatMap((s) => s.lots.filter((l) => l.available !== false).map((l) => l.price_cents + l.fee_cents));
  return totals.length > 0 ? Math.min(...totals) : null;
};
const listed = records.filter((r) => r.brand === brand.id && listedUntil(r) >= now.getTime());
const start = (r: EventRecordInput) => (r.starts_at ? Date.parse(r.starts_at) : Infinity);
/** Event ids as the database gave them: ties of start go to the lower id. */
let ids = new Map<string, number>();
const bySlug = new Map(listed.map((r) => [r.slug, r]));

// The longest statement here (the import's index builds) takes seconds.
const backends = await catalogBackends('catalog_browse', { statementTimeoutMs: 60_000 });

describe.each(backends)('browsing filters on $name', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, records);
    ids = await eventIdsBySlug(db, brand.id);
  }, 300_000);
  afterAll(() => close?.());

  /** Every page of a listing, as slugs, with the first page's total. */
  async function all(query: string, prices = true): Promise<{ slugs: string[]; total: number }> {
    const slugs: string[] = [];
    let total = 0;
    for (let page = 1; page <= 40; page++) {
      const r = await listEvents(brand, parseListQuery(new URLSearchParams(`${query}&per_page=50&page=${page}`), { prices }), { now, db });
      if (page === 1) total = r.list.meta.total;
      slugs.push(...r.list.data.map((e) => e.slug));
      if (page >= r.list.meta.last_page) break;
    }
    return { slugs, total };
  }

  const soonest = (rs: EventRecordInput[]) =>
    [...rs].sort((a, b) => start(a) - start(b) || ids.get(a.slug)! - ids.get(b.slug)!).map((r) => r.slug);

  test.each(CATEGORY_SLUGS)('category=%s lists exactly its events, soonest first', async (category) => {
    const expected = listed.filter((r) => r.category === category);
    const got = await all(`category=${category}`, false);
    expect(got.total).toBe(expected.length);
    expect(got.slugs).toEqual(soonest(expected));
  });

  test.each(['category=shows', 'city=Recife', 'q=festival', 'q=festival&state=sp', ''])(
    'the soonest 100 of "%s" (a calendar feed) are its listing by date, read by its page statement alone',
    async (qs) => {
      const statements: string[] = [];
      const counting = { query: <T,>(text: string, params?: unknown[]) => (statements.push(text), db.query<T>(text, params)) };
      const got = await soonestListed(brand, parseListQuery(new URLSearchParams(qs)), 100, { now, db: counting });
      const byDate = (await all(`${qs}&sort=date`, false)).slugs.filter((slug) => bySlug.get(slug)?.starts_at);
      expect(got.length).toBeGreaterThan(qs ? 0 : 99);
      expect(got.map((e) => e.slug)).toEqual(byDate.slice(0, 100));
      expect(statements.filter((t) => /AS total\b/.test(t))).toEqual([]);
      // Besides the words' resolution (the vocabulary, the places' names) and, with a state or
      // a category, the brand's counts that choose how it is read (filter-shares.ts), one statement.
      const shares = statements.filter((t) => /FROM listed_event_days/.test(t));
      expect(shares).toHaveLength(/state=|category=/.test(qs) ? 1 : 0);
      expect(statements.filter((t) => !/search_words|WITH RECURSIVE place_keys/.test(t) && !shares.includes(t))).toHaveLength(1);
    },
  );

  test.each([...ACCESSIBILITY_FEATURES, 'wheelchair,libras', 'accessible_toilets,reserved_seats,wheelchair'])(
    'accessibility=%s lists exactly the events that offer every feature, soonest first',
    async (features) => {
      const asked = features.split(',');
      const expected = listed.filter((r) => asked.every((f) => (r.accessibility ?? []).includes(f as never)));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(listed.length);
      const got = await all(`accessibility=${features}`, false);
      expect(got.total).toBe(expected.length);
      expect(got.slugs).toEqual(soonest(expected));
    },
  );

  test('accessibility with a search, a category, a point, and sorted by price: every result offers it', async () => {
    const offers = (slug: string, f: string) => (bySlug.get(slug)!.accessibility ?? []).includes(f as never);
    const searched = await all('q=festival&accessibility=libras', false);
    expect(searched.slugs.length).toBeGreaterThan(0);
    expect(searched.slugs.sort()).toEqual((await all('q=festival', false)).slugs.filter((s) => offers(s, 'libras')).sort());
    const recife = await all('near=-8.0476,-34.877&radius_km=150&accessibility=wheelchair', false);
    expect(recife.slugs.length).toBeGreaterThan(0);
    expect(recife.slugs).toEqual((await all('near=-8.0476,-34.877&radius_km=150', false)).slugs.filter((s) => offers(s, 'wheelchair')));
    const shows = listed.filter((r) => r.category === 'shows' && (r.accessibility ?? []).includes('audio_description'));
    expect((await all('category=shows&accessibility=audio_description', false)).slugs).toEqual(soonest(shows));
    const byPrice = await all('sort=price&accessibility=reserved_seats');
    expect(byPrice.slugs.sort()).toEqual(listed.filter((r) => (r.accessibility ?? []).includes('reserved_seats')).map((r) => r.slug).sort());
  });

  test("a re-import that changes an event's features moves it in and out of the filter", async () => {
    const record = listed.find((r) => (r.accessibility ?? []).length === 0 && r.starts_at && start(r) > now.getTime())!;
    const put = async (accessibility: string[]) => {
      const report = await importLines(db, [JSON.stringify({ ...record, accessibility })], new Set([brand.id]));
      expect(report.failed).toEqual([]);
    };
    try {
      await put(['audio_description', 'libras']);
      expect((await all('accessibility=audio_description,libras', false)).slugs).toContain(record.slug);
      await put(['libras']);
      expect((await all('accessibility=audio_description', false)).slugs).not.toContain(record.slug);
      expect((await all('accessibility=libras', false)).slugs).toContain(record.slug);
    } finally {
      await put([]);
    }
    expect((await all('accessibility=libras', false)).slugs).not.toContain(record.slug);
  });

  test('free, at most 50, 80 and 300 reais: only events with a lot on sale at that price', async () => {
    const cases: Array<[string, (cents: number) => boolean]> = [
      ['free=true', (c) => c === 0],
      ['price_max=0', (c) => c === 0],
      ['price_max=50', (c) => c <= 5000],
      ['price_max=80', (c) => c <= 8000],
      ['price_max=300', (c) => c <= 30000],
    ];
    for (const [query, fits] of cases) {
      const expected = listed.filter((r) => lowest(r) !== null && fits(lowest(r)!));
      const got = await all(query);
      expect(got.slugs, query).toEqual(soonest(expected));
      expect(got.total, query).toBe(expected.length);
      expect(expected.length, query).toBeGreaterThan(0);
    }
  });

  test('a cancelled event and one with nothing on sale never pass a price filter', async () => {
    const got = new Set((await all('price_max=100000')).slugs);
    for (const r of listed.filter((x) => x.event_status === 'cancelled' || lowest(x) === null)) expect(got.has(r.slug), r.slug).toBe(false);
    expect(listed.some((r) => r.event_status === 'cancelled')).toBe(true);
  });

  test('all ages, combined with a category and a city', async () => {
    const city = listed.find((r) => r.venue)!.venue!.city!;
    const expected = listed.filter((r) => r.age_rating === 'livre' && r.category === 'shows' && r.venue?.city === city);
    const got = await all(`age_rating=livre&category=shows&city=${encodeURIComponent(city)}`);
    expect(got.slugs).toEqual(soonest(expected));
  });

  test.each(CATEGORY_SLUGS.filter((c) => listed.some((r) => r.category === c && r.venue?.city)))('category=%s in a city lists exactly its events there, soonest first, the city in any accents and case', async (category) => {
    const cities = [...new Set(listed.filter((r) => r.category === category && r.venue?.city).map((r) => r.venue!.city!))];
    for (const city of cities.slice(0, 3)) {
      const expected = listed.filter((r) => r.category === category && r.venue?.city === city);
      const spelled = fold(city).toUpperCase();
      const got = await all(`category=${category}&city=${encodeURIComponent(spelled)}`, false);
      expect(got.total).toBe(expected.length);
      expect(got.slugs).toEqual(soonest(expected));
    }
  });

  test("words that name a category alone, on a city's listing: the category's events there and those there that say the word", async () => {
    const says = (r: EventRecordInput) => /\bteatro\b/i.test([r.name, r.producer?.name, r.venue?.name].join(' '));
    for (const city of [...new Set(listed.filter((r) => r.category === 'teatro' && r.venue?.city).map((r) => r.venue!.city!))].slice(0, 3)) {
      const expected = listed.filter((r) => r.venue?.city === city && (r.category === 'teatro' || says(r)));
      const got = await all(`q=teatro&city=${encodeURIComponent(city)}`, false);
      expect(got.total).toBe(expected.length);
      expect(got.slugs.sort()).toEqual(expected.map((r) => r.slug).sort());
    }
  });

  test("a re-import that moves an event to another city or category moves it between the listings of a category in a city", async () => {
    const record = listed.find((r) => r.category === 'shows' && r.venue?.city && r.starts_at && start(r) > now.getTime())!;
    const other = listed.find((r) => r.venue?.city && r.venue.city !== record.venue!.city)!.venue!;
    const put = async (change: Partial<EventRecordInput>) => {
      const report = await importLines(db, [JSON.stringify({ ...record, ...change })], new Set([brand.id]));
      expect(report.failed).toEqual([]);
    };
    const inCity = async (category: string, city: string) => (await all(`category=${category}&city=${encodeURIComponent(city)}`, false)).slugs;
    expect(await inCity('shows', record.venue!.city!)).toContain(record.slug);
    try {
      await put({ venue: other });
      expect(await inCity('shows', record.venue!.city!)).not.toContain(record.slug);
      expect(await inCity('shows', other.city!)).toContain(record.slug);
      await put({ category: 'teatro' });
      expect(await inCity('shows', record.venue!.city!)).not.toContain(record.slug);
      expect(await inCity('teatro', record.venue!.city!)).toContain(record.slug);
    } finally {
      await put({});
    }
    expect(await inCity('shows', record.venue!.city!)).toContain(record.slug);
    expect(await inCity('teatro', record.venue!.city!)).not.toContain(record.slug);
  });

  test('sort=price: cheapest first, then soonest; nothing on sale last', async () => {
    const got = await all('sort=price');
    expect(got.slugs).toHaveLength(listed.length);
    const prices = got.slugs.map((s) => lowest(bySlug.get(s)!));
    const priced = prices.filter((p) => p !== null) as number[];
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(prices.slice(priced.length).every((p) => p === null)).toBe(true);
  });

  test('the API reads no price filter: price_max and age_rating are ignored there, sort=price is not one of its sorts', async () => {
    expect((await all('price_max=50', false)).total).toBe(listed.length);
    expect((await all('age_rating=livre', false)).total).toBe(listed.length);
  });

  test('a search with a category word finds the events of the category and those that say it', async () => {
    const { list } = await listEvents(brand, parseListQuery(new URLSearchParams('q=teatro&per_page=50')), { now, db });
    // The word is searched where every word is: the name, the producer, the venue and its place.
    const says = (r: EventRecordInput) => /\bteatro\b/i.test([r.name, r.producer?.name, r.venue?.name].join(' '));
    const theatre = listed.filter((r) => r.category === 'teatro' || says(r));
    expect(theatre.filter((r) => !says(r)).length).toBeGreaterThan(0);
    expect(list.meta.total).toBe(theatre.length);
    for (const e of list.data) expect(theatre.map((r) => r.slug)).toContain(e.slug);
    const kids = await listEvents(brand, parseListQuery(new URLSearchParams('q=pra criança&per_page=50')), { now, db });
    expect(kids.list.data.length).toBeGreaterThan(0);
    for (const e of kids.list.data) expect(bySlug.get(e.slug)!.category === 'infantil' || /crian/i.test(bySlug.get(e.slug)!.name)).toBe(true);
  });

  test('a search filtered by category and price keeps both', async () => {
    const { list } = await listEvents(brand, parseListQuery(new URLSearchParams('q=samba&category=shows&price_max=200&per_page=50'), { prices: true }), { now, db });
    for (const e of list.data) {
      const r = bySlug.get(e.slug)!;
      expect(r.category).toBe('shows');
      expect(lowest(r)).not.toBeNull();
      expect(lowest(r)!).toBeLessThanOrEqual(20000);
    }
  });
});
