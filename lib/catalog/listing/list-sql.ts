import type { Brand } from '../../brand/schema';
import { ALL_FILTERS, type AnyFilter } from '../filters';
import { RADIUS_KM } from '../filters/near';
import { nearVenuesFrom } from '../near-sql';
import type { ResolvedTerm } from '../search/resolve';
import { termSql } from '../search/search-sql';
import type { FilterShares } from './filter-shares';
import { keyedListingSql } from './keyed-sql';
import { priceListingSql } from './price-sql';
import { searchSql } from './search-page-sql';
import { entryConditions, searchKeys, termKeys, walksFilterKey } from './postings-keys';
import { eventMatchesTerm, fillingWalks, tierWalks } from './postings-sql';
import type { ListQuery } from './query-params';
import { BY_START, buildWhere, countCap, listedParts, nearEvents, nearestEvents, pickedPage, UNDER_WAY, type Sql } from './sql-parts';

// The statements behind the listing and search, run by events.ts and read as they are
// by the EXPLAIN tests; their parts are in sql-parts.ts, the listing by a walked filter
// key in keyed-sql.ts, the listing by price in price-sql.ts, a search's page (its
// candidates and their ranking) in search-page-sql.ts.

/**
 * The two statements behind a listing page: the count (capped), and the page itself.
 * `terms` are the resolved terms of the search text (see searchTerms); none: no search.
 * events.ts runs them as one (sql-parts.ts, countedPage).
 *
 * A first page's statement runs prepared: their plans follow their SQL (walks in
 * index order, each with its LIMIT, joined on their keys), and explain.db.test.ts checks
 * the plan kept for every value too. A deeper page writes its offset into the text, and
 * near a point the venues in the radius are values whose number the plan weighs: those
 * are planned each time.
 */
export function listSql(brand: Brand, query: ListQuery, now: Date, terms: ResolvedTerm[] = [], shares?: FilterShares): { count: Sql; page: Sql } {
  const { count, page } = statements(brand, query, now, terms, shares);
  const prepare = query.page === 1 && !query.near;
  return { count: { ...count, prepare }, page: { ...page, prepare } };
}

function statements(brand: Brand, query: ListQuery, now: Date, terms: ResolvedTerm[], shares?: FilterShares): { count: Sql; page: Sql } {
  const { clauses, params, add, underWay } = buildWhere(brand, query, now);
  const where = clauses.join(' AND ');
  const offset = (query.page - 1) * query.perPage;
  const cap = countCap(query.perPage, terms.length > 0);
  const counted = (from: string, part: string) => `(SELECT 1 FROM ${from} WHERE ${part} LIMIT ${cap})`;
  const sort =
    query.sort === 'distance' && query.near
      ? 'distance'
      : query.sort === 'price'
        ? 'price'
        : terms.length > 0 && query.sort !== 'date'
          ? 'relevance'
          : 'date';
  // A search without a distance filter reads the postings; one near a point reads the
  // events through the venues.
  if (terms.length > 0 && !query.near) {
    const forCount = buildWhere(brand, query, now);
    const any = `(${terms.map((t) => termSql(t, forCount.add).cond()).join(' OR ')})`;
    const { keys: countKeys, filters: countFilters, carried: countCarried } = searchKeys(terms, query, forCount.add, { cap, shares });
    const countDates = entryConditions(query, forCount.add);
    // Each part stops at the cap: a term with more entries fills the count alone.
    const matching = [
      `(SELECT e.id FROM ${forCount.underWay()} WHERE ${forCount.clauses.join(' AND ')} AND ${any} LIMIT ${cap})`,
      ...tierWalks('any', terms, countKeys, countFilters, cap, [...countCarried, ...countDates]),
    ];
    const counted = `(SELECT count(*)::int FROM (SELECT DISTINCT id FROM (${matching.join(' UNION ALL ')}) c LIMIT ${cap}) t)`;
    // A frequent term fills the count by itself: one of its ranges read to the cap answers
    // it, and the union (and the events under way) is read only when none does.
    const filling = fillingWalks(countKeys, countFilters, [...countCarried, ...countDates], cap);
    const total = filling.length === 0 ? counted : `CASE ${filling.map((w) => `WHEN (SELECT count(*) FROM ${w} f) >= ${cap} THEN ${cap}`).join(' ')} ELSE ${counted} END`;
    const { keys, filters, carried } = searchKeys(terms, query, add, { cap, shares });
    const dates = [...carried, ...entryConditions(query, add)];
    return {
      count: {
        text: `${UNDER_WAY}
               SELECT ${total} AS total`,
        params: forCount.params,
      },
      page: searchSql(where, params, add, terms, offset, query.perPage, sort === 'price' || sort === 'date' ? sort : 'relevance', (tier, limit) =>
        tierWalks(tier, terms, keys, filters, limit, dates),
      underWay,
      ),
    };
  }
  if (terms.length === 0 && sort === 'price') return priceListingSql(query, clauses, params, offset, cap, underWay);
  if (terms.length > 0 || sort === 'distance') {
    // The count binds only what it uses: a statement cannot have parameters it never reads.
    const forCount = buildWhere(brand, query, now);
    // Near a point, the venues in the radius are a list of values (listing/events.ts): the
    // planner intersects their events with the terms' text index, or reads them venue by
    // venue, whichever costs less, knowing how many events each side holds.
    const any = terms.length > 0 ? ` AND (${terms.map((t) => termSql(t, forCount.add).cond()).join(' OR ')})` : '';
    return {
      count: {
        text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM events e WHERE ${forCount.clauses.join(' AND ')} AND e.listed_until >= $2${any} LIMIT ${cap}) t`,
        params: forCount.params,
      },
      page:
        sort === 'distance'
          ? distanceSortSql(query, where, params, add, terms, offset)
          : searchSql(where, params, add, terms, offset, query.perPage, sort === 'relevance' ? 'relevance' : sort, null, underWay),
    };
  }
  if (!query.near && walksFilterKey(query)) {
    return keyedListingSql(query, { where, params, add, underWay }, offset, cap, now, brand, shares);
  }
  const limit = offset + query.perPage;
  const ordered = (from: string, part: string) =>
    `(SELECT e.id, e.starts_at FROM ${from} WHERE ${part} ORDER BY e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${limit})`;
  // Near a point, by date: each venue in the radius gives at most a page's depth of its
  // events in start order, and the soonest of those are the page (exact).
  // The page binds parameters of its own there: the count may not carry them.
  const forPage = query.near ? buildWhere(brand, query, now) : { clauses, params, add };
  const page = query.near
    ? `, near_venues AS MATERIALIZED (SELECT nv.id, nv.distance FROM ${nearVenuesFrom(query.near, query.radiusKm ?? RADIUS_KM.default, query.venues, forPage.add)})
       ${pickedPage(`SELECT id, starts_at FROM (${nearEvents(forPage.clauses.join(' AND '), limit)}) u`, BY_START, query.perPage, offset)}`
    : `
       ${pickedPage(`SELECT id, starts_at FROM (${listedParts(where, ordered, underWay).join(' UNION ALL ')}) u`, BY_START, query.perPage, offset)}`;
  // A filter's condition on the summary binds its value once more: that count has parameters of its own.
  const summarized = summarizedFilters(query);
  const counting = summarized?.length ? buildWhere(brand, query, now) : { clauses, params, add, underWay };
  const bound = summarized && listedAfterThisMonth(summarized, query, counting.add);
  const exact = `(SELECT count(*) FROM (${listedParts(counting.clauses.join(' AND '), counted, counting.underWay).join(' UNION ALL ')} LIMIT ${cap}) t)`;
  return {
    count: {
      text: `${UNDER_WAY}
             SELECT ${bound ? `CASE WHEN ${bound} >= ${cap} THEN ${cap} ELSE ${exact} END` : exact}::int AS total`,
      params: counting.params,
    },
    page: {
      text: `${UNDER_WAY}${page}`,
      params: forPage.params,
    },
  };
}

/** A listing's filters, when each one has a condition on the summary's city buckets (none: a listing with no filter); null when one has none. */
function summarizedFilters(query: ListQuery): readonly AnyFilter[] | null {
  const active = ALL_FILTERS.filter((f) => f.active?.(query as never) ?? false);
  return active.every((f) => f.sql?.cityBuckets) ? active : null;
}

/**
 * For a listing whose filters are `filters` (summarizedFilters): how many of the brand's
 * events with a city, among the filters' (a city, accents and case ignored, as its filter
 * reads it), are listed until next month or later, from the summary's month buckets
 * (migrations 011 and 026: a row per city and month, whatever the catalog's size). Each
 * of them is listed now, so the listing lists at least as many. Where they reach the
 * count's cap, the count is the cap and no event is read (at 1,000,000 events the walk of
 * the start index to the cap took 3.5 ms, and a city's about 5); below it, the events are
 * counted.
 */
function listedAfterThisMonth(filters: readonly AnyFilter[], query: ListQuery, add: (value: unknown) => string): string {
  const conditions = filters.map((f) => ` AND ${f.sql!.cityBuckets!(query as never, add)}`).join('');
  return `(SELECT coalesce(sum(d.events), 0) FROM listed_event_days d
       WHERE d.brand_id = $1 AND d.facet = 'city-month' AND d.day >= (date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') + interval '1 month')::date${conditions})`;
}

/**
 * Nearest venue first, then soonest, then id. Exact and bounded: the venues within the
 * radius are read nearest first, each giving at most one page's depth of its listed
 * events in start order through the (venue, start) index, until a page's depth is found
 * (nearestEvents).
 */
function distanceSortSql(
  query: ListQuery,
  where: string,
  params: unknown[],
  add: (value: unknown) => string,
  terms: ResolvedTerm[],
  offset: number,
): Sql {
  const any = terms.length > 0 ? ` AND (${terms.map((t) => eventMatchesTerm(termKeys(t, add))).join(' OR ')})` : '';
  const limit = offset + query.perPage;
  return {
    text: `${UNDER_WAY}, near_venues AS MATERIALIZED (SELECT nv.id, nv.distance FROM ${nearVenuesFrom(query.near!, query.radiusKm ?? RADIUS_KM.default, query.venues, add)})
           ${pickedPage(`SELECT id, starts_at, distance FROM (${nearestEvents(`${where}${any}`, limit)}) u`, ['distance ASC', ...BY_START], query.perPage, offset)}`,
    params,
  };
}
