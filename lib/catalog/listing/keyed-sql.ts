import type { Brand } from '../../brand/schema';
import { ALL_FILTERS } from '../filters';
import type { FilterShares } from './filter-shares';
import { entryConditions, filterParts } from './postings-keys';
import { tierWalks } from './postings-sql';
import type { ListQuery } from './query-params';
import { BY_START, buildWhere, pickedPage, UNDER_WAY, type Sql, type Where } from './sql-parts';

// The listing by a filter whose key the postings hold (category, age rating, price band),
// with neither search text nor a point: a walk of that key's postings instead of the
// start index (list-sql.ts chooses it).

/**
 * A listing by a filter whose key is walked (category, age rating, price band; no search
 * text, no point): the events
 * under way that meet every filter, and a walk of the postings of the first filter key
 * for those still to start, probing the others, soonest first. Exact, and its cost grows
 * with the page, not with the events that match.
 */
export function keyedListingSql(
  query: ListQuery,
  { where, params, add, underWay }: Omit<Where, 'clauses'> & { where: string },
  offset: number,
  cap: number,
  now: Date,
  brand: Brand,
  shares?: FilterShares,
): { count: Sql; page: Sql } {
  // Every filter key is one group: the first is walked, the others joined to it; the
  // filters each entry carries are read from the entries walked.
  const walk = (bind: (value: unknown) => string, limit: number) => {
    const { keys, carried } = filterParts(query, bind, { lead: true, cap, shares });
    return tierWalks('any', [], [[keys]], [], limit, [...carried, ...entryConditions(query, bind)]);
  };
  const forCount = buildWhere(brand, query, now);
  // One group of keys: one walk.
  const [countWalk] = walk(forCount.add, cap);
  const limit = offset + query.perPage;
  const pageWalk = walk(add, limit);
  const onlyCategory = query.category !== undefined && ALL_FILTERS.every((f) => f.name === 'category' || !(f.active?.(query as never) ?? false));
  return {
    count: onlyCategory
      ? categoryCountSql(brand, query.category!, now, cap)
      : {
          // The events under way started before now and the walk's from now on: the two
          // parts share no event, and the walk of one key (the others joined) holds each
          // event once. So each part is counted and the two added, with no set of ids to
          // make distinct (a HashAggregate of up to the cap's ids).
          text: `${UNDER_WAY}
             SELECT least(${cap}, (SELECT count(*) FROM (SELECT 1 FROM ${forCount.underWay()} WHERE ${forCount.clauses.join(' AND ')} LIMIT ${cap}) u)
               + (SELECT count(*) FROM ${countWalk} w))::int AS total`,
          params: forCount.params,
        },
    page: {
      text: `${UNDER_WAY}
             ${pickedPage(
               `SELECT DISTINCT u.id, x.starts_at FROM (
                     (SELECT e.id FROM ${underWay()} WHERE ${where} ORDER BY e.starts_at ASC, e.id ASC LIMIT ${limit})
                     UNION ALL ${pageWalk.join(' UNION ALL ')}) u
                   JOIN events x ON x.id = u.id`,
               BY_START,
               query.perPage,
               offset,
             )}`,
      params,
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * The count of a category's listing with no other filter, from the summary the catalog
 * keeps (migration 011, as the filters' options read it): the category's buckets of the
 * days after today, plus today's events of the category that have not ended, through
 * events_category_listed_idx. A few hundred rows whatever the catalog's size, where a walk
 * of its postings reads up to the cap's entries.
 */
function categoryCountSql(brand: Brand, category: string, now: Date, cap: number): Sql {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return {
    text: `SELECT least(${cap}, coalesce(sum(n), 0))::int AS total FROM (
             SELECT d.events AS n FROM listed_event_days d WHERE d.brand_id = $1 AND d.facet = 'category' AND d.value = $2 AND d.day > $3::date
             UNION ALL
             SELECT count(*) FROM events e WHERE e.brand_id = $1 AND e.category = $2 AND e.listed_until >= $4 AND e.listed_until < $5) t`,
    params: [brand.id, category, today.toISOString().slice(0, 10), now.toISOString(), new Date(today.getTime() + DAY_MS).toISOString()],
  };
}
