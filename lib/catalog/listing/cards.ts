import type { AgeRating, EventStatus } from '../categories';
import { eventStateOf, type EventState } from '../event-state';
import type { EventListItem } from '../public-schema';
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

/**
 * What a listing card needs of an event's tickets: the lowest price with fees on sale (null
 * when no lot is), the lowest that is not free (null when none is: a free event), and
 * whether any lot exists.
 */
export type CardPrice = { lowest_total_cents: number | null; lowest_paid_cents: number | null; has_lots: boolean };

/** The columns of a card's price, aggregated over an event's lots `l`. */
const PRICE_COLUMNS = `MIN(l.price_cents + l.fee_cents) FILTER (WHERE l.available)::int AS lowest,
  MIN(l.price_cents + l.fee_cents) FILTER (WHERE l.available AND l.price_cents + l.fee_cents > 0)::int AS paid,
  COUNT(l.id)::int AS lots`;

/** PRICE_COLUMNS as a row holds them. */
export type PriceRow = { lowest: number | null; paid: number | null; lots: number };

/** A card's price from PRICE_COLUMNS. */
export function priceOf(r: PriceRow): CardPrice {
  return { lowest_total_cents: r.lowest === null ? null : Number(r.lowest), lowest_paid_cents: r.paid === null ? null : Number(r.paid), has_lots: Number(r.lots) > 0 };
}

/** What the cards of a page of events show beyond the list's items, by event id. */
export type Cards = { facts: Map<number, EventFacts>; prices: Map<number, CardPrice> };

/** The columns CARD_SQL adds to a page's row. */
export type CardColumns = Omit<FactsRow, 'timezone'> & PriceRow;

type CardRow = FactsRow & PriceRow & { id: number };

/** The facts columns of an event `e` (FactsRow, with the time zone the event's own columns carry). */
export const FACT_COLUMNS = 'e.category, e.age_rating, e.event_status, e.previous_starts_at, e.sales_start_at';

/** The card price (PRICE_COLUMNS) of the event whose id is `event`: one row, through the lot index of the event. */
export const cardPriceSql = (event: string): string =>
  `SELECT ${PRICE_COLUMNS} FROM ticket_sectors s JOIN ticket_lots l ON l.sector_id = s.id WHERE s.event_id = ${event}`;

/**
 * A page's event `p.id` with what its card shows beyond the list's item: its facts and its
 * card price. A listing page reads it with its events (sql-parts.ts, countedPage).
 */
export const CARD_SQL = `SELECT ${FACT_COLUMNS}, t.lowest, t.paid, t.lots FROM events e CROSS JOIN LATERAL (${cardPriceSql('e.id')}) t WHERE e.id = p.id`;

/** The rows of a page read with CARD_SQL (and the event's time zone) as its cards, by event id. */
export function cardsOf(rows: Array<Omit<CardRow, 'id'> & { id: number | string }>): Cards {
  return {
    facts: new Map(rows.map((r) => [Number(r.id), factsOf(r)])),
    prices: new Map(rows.map((r) => [Number(r.id), priceOf(r)])),
  };
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
