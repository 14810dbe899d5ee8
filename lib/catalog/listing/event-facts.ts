import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import type { AgeRating, EventStatus } from '../categories';
import { eventStateOf, type EventState } from '../event-state';
import type { EventListItem } from '../public-schema';
import { snapshot } from '../snapshot-cache';
import type { CardPrice } from './card-prices';
import { toZonedRfc3339 } from '../time';

/**
 * What people browse by, beyond the API's Event: the category, the age rating, whether
 * the event happens as announced and, when it moved, the start announced before, and when
 * sales open (RFC 3339 in the event's zone). The site, MCP and A2A show them; the API does not.
 */
export type EventFacts = {
  category: string | null;
  age_rating: AgeRating | null;
  event_status: EventStatus;
  previous_starts_at: string | null;
  sales_start_at: string | null;
};

/** The facts columns of an event's row, as the surfaces read them. */
export type FactsRow = { category: string | null; age_rating: AgeRating | null; event_status: EventStatus; previous_starts_at: Date | string | null; sales_start_at: Date | string | null; timezone: string | null };

/** An event's facts from its row (instants in the event's own zone). */
export function factsOf(r: FactsRow): EventFacts {
  return {
    category: r.category,
    age_rating: r.age_rating,
    event_status: r.event_status,
    previous_starts_at: r.previous_starts_at === null ? null : toZonedRfc3339(new Date(r.previous_starts_at), r.timezone),
    sales_start_at: r.sales_start_at === null ? null : toZonedRfc3339(new Date(r.sales_start_at), r.timezone),
  };
}

/** The facts of a page of events, by id, in one query, kept for the snapshot window like the listing. */
export function getEventFacts(brand: Brand, eventIds: number[]): Promise<Map<number, EventFacts>> {
  if (eventIds.length === 0) return Promise.resolve(new Map());
  const ids = [...new Set(eventIds)].sort((a, b) => a - b);
  return snapshot(`facts|${brand.id}|${ids.join(',')}`, () =>
    withDb(async (db) => {
      const rows = await db.query<FactsRow & { id: number }>(
        `SELECT e.id::int AS id, e.category, e.age_rating, e.event_status, e.previous_starts_at, e.sales_start_at, e.timezone
         FROM events e WHERE e.brand_id = $1 AND e.id = ANY($2::bigint[])`,
        [brand.id, ids],
      );
      return new Map(rows.map((r) => [Number(r.id), factsOf(r)]));
    }),
  );
}


/**
 * The state of a listed event (lib/catalog/event-state.ts) from what a card reads: the
 * list's item, its facts and its card price (whether it has lots, and one on sale).
 */
export function cardState(
  event: Pick<EventListItem, 'is_closed' | 'starts_at' | 'ends_at' | 'timezone'>,
  facts: EventFacts | undefined,
  price: CardPrice | undefined,
  now = Date.now(),
): EventState {
  return eventStateOf(
    {
      ...event,
      event_status: facts?.event_status ?? 'scheduled',
      previous_starts_at: facts?.previous_starts_at ?? null,
      sales_start_at: facts?.sales_start_at ?? null,
      lots: { any: price?.has_lots ?? false, available: price?.lowest_total_cents != null },
    },
    now,
  );
}
