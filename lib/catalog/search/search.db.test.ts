import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../brand/registry';
import type { Brand } from '../../brand/schema';
import { startCatalog } from '../../startup/catalog';
import { getEvent } from '../event/read';
import { listEventCards, listEvents } from '../listing/events';
import { judgedEvent, judgedQueries, relevantSet, type Judged, type JudgedQuery } from '../../../bench/judged-queries';
import { dateWordsToFilter, priceWordsToFilter } from './natural-request';
import { parseListQuery } from '../listing/query-params';
import { brandTimeZone } from './relative-dates';
import { getFilterOptions } from '../filters/options';
import { listingParams, wordsToForm } from '../../site/listing-params';

// The judged query set on the process-wide demo catalog (720 events, three brands): for
// every query that has relevant events, the top 3 results are all relevant (or all the
// relevant events, when there are fewer), and no query comes back empty.

type Catalog = { brand: Brand; events: Judged[]; bySlug: Map<string, Judged>; producer: string };

async function loadCatalog(brand: Brand): Promise<Catalog> {
  const bySlug = new Map<string, Judged>();
  for (let page = 1; ; page++) {
    const { list: r, facts, prices } = await listEventCards(brand, parseListQuery(new URLSearchParams({ per_page: '50', page: String(page) })));
    for (const e of r.data) {
      const d = (await getEvent(brand, e.slug))!;
      bySlug.set(
        e.slug,
        judgedEvent(e, {
          producer: d.producer?.name ?? null,
          category: facts.get(e.id)?.category ?? null,
          // A closed event sells nothing, whatever its lots say.
          lowest: e.is_closed ? null : (prices.get(e.id)?.lowest_total_cents ?? null),
        }),
      );
    }
    if (page >= r.meta.last_page) break;
  }
  const events = [...bySlug.values()];
  const producer = events.map((e) => e.producer).find((p) => p?.endsWith(' Produções'))!;
  return { brand, events, bySlug, producer };
}

/**
 * A judged query as the site asks it: its filters, and dates and prices in its words read
 * as filters; queries within the API's reach are asked as the API would.
 */
async function judgedRequest(query: JudgedQuery, brand: Brand) {
  if (query.asSite) {
    // The site's reading of the words, through the filters' declarations.
    const options = await getFilterOptions(brand);
    const form = wordsToForm(new URLSearchParams({ ...query.params, q: query.q }), brand, new Date(), options);
    const params = listingParams(form, options, brand);
    params.set('per_page', '3');
    return parseListQuery(params, { prices: true });
  }
  const params = new URLSearchParams({ ...query.params, per_page: '3' });
  if (!query.beyondApi) {
    params.set('q', query.q);
    return parseListQuery(params);
  }
  params.set('q', query.q);
  dateWordsToFilter(params, new Date(), brandTimeZone(brand));
  priceWordsToFilter(params);
  return parseListQuery(params, { prices: true });
}

describe('the judged query set', () => {
  const catalogs: Catalog[] = [];
  beforeAll(async () => {
    await startCatalog();
    for (const brand of brandRegistry().brands) catalogs.push(await loadCatalog(brand));
  }, 120_000);

  test('has at least 80 queries, in Portuguese and English, with categories, places and prices', () => {
    const all = judgedQueries('Silva Produções');
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.filter((q) => q.params?.category).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((q) => q.params?.city && !q.q).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((q) => q.params?.free || q.params?.price_max || /gr[aá]tis|gra[cç]a|at[eé] /.test(q.q)).length).toBeGreaterThanOrEqual(8);
    expect(all.filter((q) => /hoje|amanh[aã]|s[aá]bado|domingo|fim de semana|dezembro|janeiro|dia \d/.test(q.q)).length).toBeGreaterThanOrEqual(8);
    expect(all.filter((q) => q.corrected).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((q) => q.none).length).toBeGreaterThanOrEqual(2);
  });

  test('words with typos are read as the nearest ones, and the search says which ("você quis dizer")', async () => {
    for (const c of catalogs) {
      for (const query of judgedQueries(c.producer).filter((q) => q.corrected)) {
        const r = await listEvents(c.brand, parseListQuery(new URLSearchParams({ q: query.q })));
        expect(r.corrected, `${c.brand.id} "${query.q}"`).toBe(query.corrected);
      }
      // Words spelled as the catalog has them are not "corrected".
      expect((await listEvents(c.brand, parseListQuery(new URLSearchParams({ q: 'samba recife' })))).corrected).toBeNull();
    }
  });

  test('words no event has: an empty answer', async () => {
    for (const c of catalogs) {
      for (const query of judgedQueries(c.producer).filter((q) => q.none)) {
        const r = (await listEvents(c.brand, await judgedRequest(query, c.brand))).list;
        expect(r.data, `${c.brand.id} "${query.q}"`).toEqual([]);
      }
    }
  });

  test('top 3 all relevant for every query with relevant events; none empty', async () => {
    const failures: string[] = [];
    let judged = 0;
    let good = 0;
    let empty = 0;
    for (const c of catalogs) {
      for (const query of judgedQueries(c.producer, brandTimeZone(c.brand))) {
        const relevant = relevantSet(query, c.events);
        if (relevant.size === 0) continue;
        judged++;
        const r = (await listEvents(c.brand, await judgedRequest(query, c.brand))).list;
        if (r.data.length === 0) empty++;
        const top = r.data.map((e) => c.bySlug.get(e.slug)!);
        const k = Math.min(3, relevant.size);
        // With filters, every result meets them; the top 3 are relevant.
        const ok =
          top.length >= k &&
          top.slice(0, k).every((e) => relevant.has(e)) &&
          top.every((e) => (query.filters ?? []).every((p) => p(e))) &&
          (!query.first || c.events.some((e) => query.all.every((p) => p(e))) || query.first(top[0]!));
        if (ok) good++;
        else failures.push(`${c.brand.id} "${query.q}" (${relevant.size} relevant): ${r.data.map((e) => `${e.name} @ ${e.location?.city ?? 'online'}`).join(' | ')}`);
      }
    }
    console.log(`judged queries: ${good}/${judged} with top 3 all relevant; ${empty} empty although relevant events exist`);
    expect(failures).toEqual([]);
    expect(empty).toBe(0);
  });
});
