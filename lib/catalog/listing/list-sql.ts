import type { Brand } from '../../brand/schema';
import { RADIUS_KM } from '../filters/near';
import { nearVenuesFrom } from '../near-sql';
import type { ResolvedTerm } from '../search/resolve';
import { coherenceSql, TERM_COLUMNS, termSql } from '../search/search-sql';
import { keyedListingSql } from './keyed-sql';
import { priceListingSql } from './price-sql';
import { entryConditions, eventMatchesTerm, fillingWalks, searchKeys, termKeys, tierWalks, walksFilterKey, type Tier } from './postings-sql';
import type { ListQuery } from './query-params';
import { BY_START, buildWhere, countCap, listedParts, nearEvents, nearestEvents, pickedPage, UNDER_WAY, UNDER_WAY_FROM, type Sql } from './sql-parts';

// The statements behind the listing and search, run by events.ts and read as they are
// by the EXPLAIN tests; their parts are in sql-parts.ts, the listing by a walked filter
// key in keyed-sql.ts, the listing by price in price-sql.ts.

/** What ranks a search's candidates: the columns of the terms' scores, of the sorts, and the event's on-sale flag. */
const RANKED_COLUMNS = ['id', 'starts_at', 'on_sale', 'min_price_cents', ...TERM_COLUMNS].map((c) => `x.${c}`).join(', ');

/** Candidates per tier of a search are read in blocks of this many (see searchSql). */
export const CANDIDATE_BLOCK = 250;

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
export function listSql(brand: Brand, query: ListQuery, now: Date, terms: ResolvedTerm[] = []): { count: Sql; page: Sql } {
  const { count, page } = statements(brand, query, now, terms);
  const prepare = query.page === 1 && !query.near;
  return { count: { ...count, prepare }, page: { ...page, prepare } };
}

function statements(brand: Brand, query: ListQuery, now: Date, terms: ResolvedTerm[]): { count: Sql; page: Sql } {
  const { clauses, params, add } = buildWhere(brand, query, now);
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
    const { keys: countKeys, filters: countFilters } = searchKeys(terms, query, forCount.add);
    const countDates = entryConditions(query, forCount.add);
    // Each part stops at the cap: a term with more entries fills the count alone.
    const matching = [
      `(SELECT e.id FROM ${UNDER_WAY_FROM} WHERE ${forCount.clauses.join(' AND ')} AND ${any} LIMIT ${cap})`,
      ...tierWalks('any', terms, countKeys, countFilters, cap, countDates),
    ];
    const counted = `(SELECT count(*)::int FROM (SELECT DISTINCT id FROM (${matching.join(' UNION ALL ')}) c LIMIT ${cap}) t)`;
    // A frequent term fills the count by itself: one of its ranges read to the cap answers
    // it, and the union (and the events under way) is read only when none does.
    const filling = fillingWalks(countKeys, countFilters, countDates, cap);
    const total = filling.length === 0 ? counted : `CASE ${filling.map((w) => `WHEN (SELECT count(*) FROM ${w} f) >= ${cap} THEN ${cap}`).join(' ')} ELSE ${counted} END`;
    const { keys, filters } = searchKeys(terms, query, add);
    const dates = entryConditions(query, add);
    return {
      count: {
        text: `${UNDER_WAY}
               SELECT ${total} AS total`,
        params: forCount.params,
      },
      page: searchSql(where, params, add, terms, offset, query.perPage, sort === 'price' || sort === 'date' ? sort : 'relevance', (tier, limit) =>
        tierWalks(tier, terms, keys, filters, limit, dates),
      ),
    };
  }
  if (terms.length === 0 && sort === 'price') return priceListingSql(query, clauses, params, offset, cap);
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
          : searchSql(where, params, add, terms, offset, query.perPage, sort === 'relevance' ? 'relevance' : sort),
    };
  }
  if (!query.near && walksFilterKey(query)) {
    return keyedListingSql(query, where, params, add, offset, cap, now, brand);
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
       ${pickedPage(`SELECT id, starts_at FROM (${listedParts(where, ordered).join(' UNION ALL ')}) u`, BY_START, query.perPage, offset)}`;
  return {
    count: {
      text: `${UNDER_WAY}
             SELECT count(*)::int AS total FROM (${listedParts(where, counted).join(' UNION ALL ')} LIMIT ${cap}) t`,
      params,
    },
    page: {
      text: `${UNDER_WAY}${page}`,
      params: forPage.params,
    },
  };
}

/**
 * What matching a term is worth: a place ("samba recife") less than what the event is,
 * so that a samba elsewhere ranks above an event whose only match is the city, while an
 * event that matches every term still outscores one that misses any (60 and more against
 * at most 7 a word of weight and 20 of coherence, up to five terms).
 */
const matchWeight = (term: ResolvedTerm) => (term.kind === 'city' || term.kind === 'state' ? 60 : 100);

/**
 * A search page. Every event that matches at least one term is a result (the count is
 * exact up to its cap); ranking is bounded: candidates are read in date order, through
 * indexes and with a LIMIT, in tiers (events that match every term, events with a term
 * in their name, events that match any term), and only those candidates are scored.
 * Within the first CANDIDATE_BLOCK candidates of each tier the order is exact.
 */
function searchSql(
  where: string,
  params: unknown[],
  add: (value: unknown) => string,
  terms: ResolvedTerm[],
  offset: number,
  perPage: number,
  sort: 'relevance' | 'date' | 'price',
  postings: ((tier: Tier, limit: number) => string[]) | null = null,
): Sql {
  const parts = terms.map((t) => termSql(t, add));
  const tiers: Array<{ tier: Tier; cond: string }> = [{ tier: 'any', cond: `(${parts.map((p) => p.cond()).join(' OR ')})` }];
  if (sort === 'relevance') {
    const names = parts.flatMap((p) => (p.name ? [p.name()] : []));
    if (names.length > 0) tiers.unshift({ tier: 'name', cond: `(${names.join(' OR ')})` });
    if (parts.length > 1) tiers.unshift({ tier: 'all', cond: parts.map((p) => p.cond()).join(' AND ') });
  }
  const block = Math.ceil((offset + perPage) / CANDIDATE_BLOCK) * CANDIDATE_BLOCK;
  const ordered = (from: string, part: string) =>
    `(SELECT e.id FROM ${from} WHERE ${part} ORDER BY e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${block})`;
  // From the postings: the events under way through the range index, the others walked.
  const read = ({ tier, cond }: { tier: Tier; cond: string }) =>
    postings ? [ordered(UNDER_WAY_FROM, `${where} AND ${cond}`), ...postings(tier, block)] : listedParts(`${where} AND ${cond}`, ordered);
  // When the first tier fills the page, the others are never read: up to five terms, an
  // event that matches them all outscores any that does not (100 a term against at most
  // 18 of weight a term, and 20 of coherence); of a single word, an event with it in its
  // name (8) outscores any without (4 at most), and the tier of any match holds no name
  // match that the name tier's soonest do not.
  const gated = sort === 'relevance' && ((tiers[0]!.tier === 'all' && parts.length <= 5) || (tiers[0]!.tier === 'name' && parts.length === 1));
  const candidates = gated
    ? `first_tier AS MATERIALIZED (SELECT DISTINCT id FROM (${read(tiers[0]!).join(' UNION ALL ')}) c),
       candidates AS (SELECT id FROM first_tier
                      UNION SELECT id FROM (${tiers.slice(1).flatMap(read).join(' UNION ALL ')}) c
                      WHERE (SELECT count(*) FROM first_tier) < ${offset + perPage})`
    : `candidates AS (SELECT DISTINCT id FROM (${tiers.flatMap(read).join(' UNION ALL ')}) c)`;
  // Candidates are a few hundred at most: one probe of the primary key each. Kept a
  // subquery (OFFSET 0) so that the planner, on a small catalog, does not hash all of it;
  // it reads the columns that rank (a quarter less time at 1,000,000 events than every
  // column of the row).
  const CANDIDATE_EVENTS = `candidates c CROSS JOIN LATERAL (SELECT ${RANKED_COLUMNS} FROM events x WHERE x.id = c.id OFFSET 0) e`;
  // Sorted by price, the soonest candidates of the one tier by their lowest price on sale
  // (nothing on sale last): exact among those candidates, like relevance.
  if (sort === 'price') {
    return {
      text: `${UNDER_WAY},
             ${candidates}
             ${pickedPage(`SELECT e.id, e.starts_at, e.min_price_cents FROM ${CANDIDATE_EVENTS}`, ['min_price_cents ASC NULLS LAST', ...BY_START], perPage, offset, ', true AS complete')}`,
      params,
    };
  }
  // Sorted by date, the date-ordered candidates of the one tier are the exact answer.
  if (sort === 'date') {
    return {
      text: `${UNDER_WAY},
             ${candidates}
             ${pickedPage(`SELECT e.id, e.starts_at FROM ${CANDIDATE_EVENTS}`, BY_START, perPage, offset, ', true AS complete')}`,
      params,
    };
  }
  const coherence = coherenceSql(parts, add);
  // Each candidate's score per term; an event's relevance is 100 per matched term (60 per
  // matched place) plus those weights. At equal relevance an event on sale comes before one sold out or closed.
  // When no event matches every term, the events that match some are dealt in turns, one
  // from each first matched term, best first: "forró em Recife" without a forró in
  // Recife shows forró elsewhere and Recife's other events, not only one of the two.
  return {
    text: `${UNDER_WAY},
             ${candidates},
             matched AS (SELECT e.id, e.starts_at, e.on_sale, ${parts.map((p, i) => `(${p.score()}) AS s${i}`).join(', ')},
                           ${coherence ?? '0'} AS bonus
                         FROM ${CANDIDATE_EVENTS}),
             scored AS (SELECT m.id, m.starts_at, m.bonus ${terms.map((t, i) => `+ CASE WHEN m.s${i} > 0 THEN m.s${i} + ${matchWeight(t)} ELSE 0 END`).join(' ')} AS score,
                          ${terms.map((_, i) => `(m.s${i} > 0)::int`).join(' + ')} AS hits,
                          CASE ${terms.map((_, i) => `WHEN m.s${i} > 0 THEN ${i + 1}`).join(' ')} END AS first_hit,
                          m.on_sale
                        FROM matched m),
             ranked AS (SELECT sc.*, bool_or(sc.hits = ${parts.length}) OVER () AS complete,
                          row_number() OVER (PARTITION BY sc.first_hit ORDER BY sc.score DESC, sc.on_sale DESC, sc.starts_at ASC NULLS LAST, sc.id ASC) AS turn
                        FROM scored sc)
             ${pickedPage(
               'SELECT id, starts_at, score, on_sale, complete, CASE WHEN complete THEN 0 ELSE turn END AS deal FROM ranked',
               ['deal', 'score DESC', 'on_sale DESC', ...BY_START],
               perPage,
               offset,
               ', picked.complete',
             )}`,
    params,
  };
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
