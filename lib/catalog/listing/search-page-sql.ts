import type { ResolvedTerm } from '../search/resolve';
import { coherenceSql, TERM_COLUMNS, termSql } from '../search/search-sql';
import type { Tier } from './postings-sql';
import { BY_START, listedParts, pickedPage, UNDER_WAY, UNGATED, type Sql, type UnderWay } from './sql-parts';

// A search's page: its candidates read in tiers through the postings (or the events'
// indexes), and ranked. list-sql.ts picks it, with the count, for a search.

/** What ranks a search's candidates: the columns of the terms' scores, of the sorts, and the event's on-sale flag. */
const RANKED_COLUMNS = ['id', 'starts_at', 'on_sale', 'min_price_cents', ...TERM_COLUMNS].map((c) => `x.${c}`).join(', ');

/** Candidates per tier of a search are read in blocks of this many (see searchSql). */
export const CANDIDATE_BLOCK = 250;

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
export function searchSql(
  where: string,
  params: unknown[],
  add: (value: unknown) => string,
  terms: ResolvedTerm[],
  offset: number,
  perPage: number,
  sort: 'relevance' | 'date' | 'price',
  postings: ((tier: Tier, limit: number) => string[]) | null = null,
  underWay: UnderWay = UNGATED,
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
    postings ? [ordered(underWay(), `${where} AND ${cond}`), ...postings(tier, block)] : listedParts(`${where} AND ${cond}`, ordered, underWay);
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
