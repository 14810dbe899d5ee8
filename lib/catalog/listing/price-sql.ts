import type { ListQuery } from './query-params';
import { BY_START, listedParts, pickedPage, UNDER_WAY, type Sql, type UnderWay } from './sql-parts';

// The listing by lowest price with fees, without search text (list-sql.ts chooses it).

/**
 * A listing by lowest price with fees (no search text): the listed events on sale,
 * cheapest first (through the price index), then those with nothing on sale, soonest
 * first; ties by start, then id. Beyond the API: the site, MCP and A2A.
 */
export function priceListingSql(
  query: ListQuery,
  clauses: string[],
  params: unknown[],
  offset: number,
  cap: number,
  underWay?: UnderWay,
): { count: Sql; page: Sql } {
  const filtered = clauses.join(' AND ');
  const where = `${filtered} AND e.listed_until >= $2`;
  const limit = offset + query.perPage;
  // A price filter leaves nothing without a price to list after the others. Those are
  // read as a listing by date is (listedParts): from now on through the start index, never
  // through the events that have ended.
  const unpriced =
    query.free || query.maxPriceCents !== undefined
      ? []
      : listedParts(
          `${filtered} AND e.min_price_cents IS NULL`,
          (from, part) => `(SELECT e.id, NULL::int AS price, e.starts_at FROM ${from} WHERE ${part} ORDER BY e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${limit})`,
          underWay,
        );
  const parts = [
    `(SELECT e.id, e.min_price_cents AS price, e.starts_at FROM events e WHERE ${where} AND e.min_price_cents IS NOT NULL
       ORDER BY e.min_price_cents ASC, e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${limit})`,
    ...unpriced,
  ];
  return {
    count: {
      text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM events e WHERE ${where} LIMIT ${cap}) t`,
      params,
    },
    page: {
      text: `${UNDER_WAY}
             ${pickedPage(`SELECT id, price, starts_at FROM (${parts.join(' UNION ALL ')}) u`, ['price ASC NULLS LAST', ...BY_START], query.perPage, offset)}`,
      params,
    },
  };
}
