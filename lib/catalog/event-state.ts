import type { EventStatus } from './categories';
import { zonedDateFormat } from './time';

// An event's state, decided here once for every surface: the cards, the event page (and
// so its Markdown), MCP, A2A and JSON-LD. It is read from the catalog's data, in this order
// (the first rule that holds wins):
//
//   1. cancelled    the event's status is "cancelled"
//   2. postponed    the event's status is "postponed" (no date yet: nothing on sale until one)
//   3. ended        past its end, or a day past its start when it has no end
//   4. not_started  sales open later: `sales_start_at` is still to come
//   5. sold_out     it has lots and none of them is available
//   6. paused       closed for sale (`is_closed`) while it is still to come, with a lot not
//                   sold out (or none listed): the producer stopped sales, which may come back
//   7. no_tickets   no lot listed
//   8. rescheduled  on sale, at the new date the status "rescheduled" announces
//   9. on_sale      some lot can be bought
//
// A rescheduled event that is sold out, paused, not yet on sale or over takes that state,
// and says it moved in `also`.

export const EVENT_STATE_KEYS = ['on_sale', 'no_tickets', 'ended', 'sold_out', 'paused', 'not_started', 'cancelled', 'postponed', 'rescheduled'] as const;
export type EventStateKey = (typeof EVENT_STATE_KEYS)[number];

/** What the state needs of an event: its dates and status, and whether it has lots and any available. */
export type StateFacts = {
  event_status: EventStatus;
  is_closed: boolean;
  starts_at: string | null;
  ends_at: string | null;
  sales_start_at: string | null;
  previous_starts_at: string | null;
  timezone: string | null;
  lots: { any: boolean; available: boolean };
};

/** schema.org's ItemAvailability term of the event's offers, or null when it has none. */
export type Availability = 'InStock' | 'SoldOut' | 'OutOfStock' | 'PreOrder' | 'Discontinued';

export type EventState = {
  key: EventStateKey;
  /** A few words for a card or a list ("Esgotado", "Vendas pausadas"); null when the price says it all. */
  label: string | null;
  /** The sentence the event page, its Markdown and the agents lead with. */
  sentence: string;
  /** A second sentence: the date a rescheduled event moved from, when another state leads. */
  also: string | null;
  /** Whether a ticket can be bought now. */
  canBuy: boolean;
  /** Whether the page offers similar events beside the state: the person cannot go to this one. */
  offersSimilar: boolean;
  availability: Availability | null;
  /** When sales open (RFC 3339), for a state that waits for it. */
  salesStartAt: string | null;
};

/**
 * The few words of each state whose words do not depend on the event, for a card or a
 * list; null where the price says it all. "not_started" names the day sales open, so its
 * words come with the event (`eventStateOf`).
 */
export const STATE_LABELS = {
  on_sale: null,
  rescheduled: 'Remarcado',
  no_tickets: null,
  cancelled: 'Cancelado',
  postponed: 'Adiado',
  ended: 'Já aconteceu',
  sold_out: 'Esgotado',
  paused: 'Vendas pausadas',
} as const satisfies Record<Exclude<EventStateKey, 'not_started'>, string | null>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the event is over: past its end, or a day past its start when it has no end (the catalog's rule). */
export function hasEnded(event: Pick<StateFacts, 'starts_at' | 'ends_at'>, now = Date.now()): boolean {
  const end = event.ends_at ? Date.parse(event.ends_at) : event.starts_at ? Date.parse(event.starts_at) + DAY_MS : NaN;
  return Number.isFinite(end) && end < now;
}

const longDates = zonedDateFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });

/** "3 de dezembro de 2026 às 10:00", in the event's own zone. */
export function longDate(iso: string, tz: string | null): string {
  return longDates(tz ?? 'America/Sao_Paulo').format(new Date(iso));
}

const shortDates = zonedDateFormat('pt-BR', { day: 'numeric', month: 'short' });

/** "3 de dez.", in the event's own zone. */
function shortDate(iso: string, tz: string | null): string {
  return shortDates(tz ?? 'America/Sao_Paulo').format(new Date(iso));
}

function keyOf(e: StateFacts, now: number): EventStateKey {
  if (e.event_status === 'cancelled') return 'cancelled';
  if (e.event_status === 'postponed') return 'postponed';
  if (hasEnded(e, now)) return 'ended';
  if (e.sales_start_at && Date.parse(e.sales_start_at) > now) return 'not_started';
  if (e.lots.any && !e.lots.available) return 'sold_out';
  if (e.is_closed) return 'paused';
  if (!e.lots.any) return 'no_tickets';
  return e.event_status === 'rescheduled' ? 'rescheduled' : 'on_sale';
}

/** The event's state, its words and its schema.org availability. */
export function eventStateOf(e: StateFacts, now = Date.now()): EventState {
  const key = keyOf(e, now);
  const previous = e.previous_starts_at ? longDate(e.previous_starts_at, e.timezone) : null;
  const moved = `Evento remarcado${previous ? `: estava marcado para ${previous}` : ''}.`;
  const base = { key, also: null, canBuy: false, offersSimilar: false, salesStartAt: null };
  switch (key) {
    case 'on_sale':
      return { ...base, label: STATE_LABELS.on_sale, sentence: 'Ingressos à venda.', canBuy: true, availability: 'InStock' };
    case 'rescheduled':
      return { ...base, label: STATE_LABELS.rescheduled, sentence: `${moved} Ingressos à venda para a nova data.`, canBuy: true, availability: 'InStock' };
    case 'no_tickets':
      return { ...base, label: STATE_LABELS.no_tickets, sentence: 'Nenhum ingresso cadastrado para este evento.', availability: null };
    case 'cancelled':
      return { ...base, label: STATE_LABELS.cancelled, sentence: 'Evento cancelado: não vai acontecer e nenhum ingresso está à venda.', offersSimilar: true, availability: 'Discontinued' };
    case 'postponed':
      return {
        ...base,
        label: STATE_LABELS.postponed,
        sentence: `Evento adiado: a nova data ainda será anunciada${previous ? ` (estava marcado para ${previous})` : ''}. Até lá, nenhum ingresso está à venda.`,
        availability: 'OutOfStock',
      };
    case 'ended':
      return { ...base, label: STATE_LABELS.ended, sentence: 'Este evento já aconteceu: as vendas terminaram.', offersSimilar: true, availability: 'Discontinued' };
    case 'not_started':
      return {
        ...base,
        label: `Vendas a partir de ${shortDate(e.sales_start_at!, e.timezone)}`,
        sentence: `As vendas ainda não começaram: abrem em ${longDate(e.sales_start_at!, e.timezone)}.`,
        also: e.event_status === 'rescheduled' ? moved : null,
        availability: 'PreOrder',
        salesStartAt: e.sales_start_at,
      };
    case 'sold_out':
      return {
        ...base,
        label: STATE_LABELS.sold_out,
        sentence: 'Ingressos esgotados: todos os ingressos foram vendidos.',
        also: e.event_status === 'rescheduled' ? moved : null,
        offersSimilar: true,
        availability: 'SoldOut',
      };
    case 'paused':
      return {
        ...base,
        label: STATE_LABELS.paused,
        sentence: 'Vendas pausadas: no momento nenhum ingresso está à venda, mas as vendas podem voltar. Confira esta página mais tarde.',
        also: e.event_status === 'rescheduled' ? moved : null,
        availability: 'OutOfStock',
      };
  }
}

/** A lot's situation in the event's state: its own "Esgotado" first, then the event's. */
export function lotLabel(state: EventState, lot: { available: boolean }): string {
  if (!lot.available) return 'Esgotado';
  switch (state.key) {
    case 'on_sale':
    case 'rescheduled':
    case 'no_tickets':
      return 'À venda';
    case 'sold_out':
      return 'Esgotado';
    case 'paused':
      return 'Vendas pausadas';
    case 'not_started':
      return 'Em breve';
    case 'postponed':
      return 'Aguarda nova data';
    case 'ended':
      return 'Vendas encerradas';
    case 'cancelled':
      return 'Cancelado';
  }
}

/** A lot's schema.org availability in the event's state. */
export function lotAvailability(state: EventState, lot: { available: boolean }): Availability {
  if (!lot.available) return 'SoldOut';
  return state.availability ?? 'InStock';
}

/** What the prices listed beside a state are, when no ticket can be bought now; null while one can. */
export function pricesNote(state: EventState): string | null {
  if (state.canBuy) return null;
  if (state.key === 'not_started') return 'Preços anunciados para a abertura das vendas, apenas para informação: nenhum ingresso está à venda ainda.';
  return 'Últimos preços praticados, apenas para informação: nenhum ingresso está à venda.';
}
