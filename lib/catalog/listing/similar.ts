import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import { PREPARED, type Queryable } from '../../db/types';
import { toPublicListItem, type EventRow } from '../map';
import type { EventListItem } from '../public-schema';
import { snapshot } from '../snapshot-cache';
import { type CardPrice, cardPriceSql, FACT_COLUMNS, factsOf, type EventFacts, type FactsRow, priceOf, type PriceRow } from './cards';
import { EVENT_COLUMNS, type Sql } from './sql-parts';

// Events like one event, for its page: of its category, in its city first and then in its
// state, still to come, nearest to its date (from now on, when it is past). The event
// itself and cancelled events are left out; an event of no category, or with no place
// (online), has none.
//
// One statement, whatever the catalog's size: for each place (city, state), two ranges of
// an index of (brand, category, place, start) (migration 017), one forwards from the
// event's date and one backwards down to now, each stopping at `limit`. The nearest of
// those, the city's first, make the answer, read with what their cards show (facts, and
// the lowest price with fees of a lot on sale through each one's lots).

/** How many similar events a page shows. */
export const SIMILAR_LIMIT = 6;

/** The statement (run as it is by the EXPLAIN tests): $1 brand, $2 event id, $3 now, $4 limit. */
export function similarSql(brand: Brand, eventId: number, now: Date, limit = SIMILAR_LIMIT): Sql {
  // One range of the index: the events of the category in the place, on one side of the date.
  const range = (scope: 0 | 1, place: 'city_key' | 'state_key', forwards: boolean) => `
    (SELECT e.id, e.starts_at, ${scope} AS scope FROM events e
     WHERE e.brand_id = $1 AND e.category = me.category AND e.${place} = me.${place}
       AND ${forwards ? 'e.starts_at >= me.at' : 'e.starts_at >= $3 AND e.starts_at < me.at'}
       AND e.id <> me.id AND e.event_status <> 'cancelled'
     ORDER BY e.starts_at ${forwards ? 'ASC' : 'DESC'} LIMIT $4)`;
  return {
    text: `WITH me AS MATERIALIZED (
        SELECT e.id, e.category, e.city_key, e.state_key, greatest(coalesce(e.starts_at, $3::timestamptz), $3::timestamptz) AS at
        FROM events e WHERE e.brand_id = $1 AND e.id = $2 AND e.category IS NOT NULL
      ), found AS (
        SELECT DISTINCT ON (c.id) c.id, c.starts_at, c.scope, abs(extract(epoch FROM c.starts_at - me.at)) AS distance
        FROM me CROSS JOIN LATERAL (
          ${range(0, 'city_key', true)} UNION ALL ${range(0, 'city_key', false)}
          UNION ALL ${range(1, 'state_key', true)} UNION ALL ${range(1, 'state_key', false)}
        ) c
        ORDER BY c.id, c.scope
      ), nearest AS (
        SELECT id, scope, distance, starts_at FROM found ORDER BY scope, distance, starts_at, id LIMIT $4
      )
      SELECT ${EVENT_COLUMNS}, ${FACT_COLUMNS}, t.lowest, t.paid, t.lots
      FROM nearest n
      JOIN events e ON e.id = n.id
      LEFT JOIN venues v ON v.id = e.venue_id
      CROSS JOIN LATERAL (${cardPriceSql('e.id')}) t
      ORDER BY n.scope, n.distance, n.starts_at, n.id`,
    params: [brand.id, eventId, now.toISOString(), limit],
  };
}

/** A similar event with what its card shows: its facts and its price, read in the same statement. */
export type SimilarEvent = { event: EventListItem; facts: EventFacts; price: CardPrice };

/** Similar events of an event, nearest first, read on `db`. */
export async function readSimilarEvents(db: Queryable, brand: Brand, eventId: number, now: Date, limit = SIMILAR_LIMIT): Promise<SimilarEvent[]> {
  const sql = similarSql(brand, eventId, now, limit);
  const rows = await db.query<EventRow & FactsRow & PriceRow>(sql.text, sql.params, PREPARED);
  return rows.map((r) => ({
    event: toPublicListItem(brand, r),
    facts: factsOf(r),
    price: priceOf(r),
  }));
}

/** Similar events of an event, nearest first, kept for the snapshot window. */
export function getSimilarEvents(brand: Brand, eventId: number, now = new Date()): Promise<SimilarEvent[]> {
  return snapshot(`similar|${brand.id}|${eventId}`, () => withDb((db) => readSimilarEvents(db, brand, eventId, now)));
}
