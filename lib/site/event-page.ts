import type { EventStatus } from '../catalog/categories';
import { formatBrl, lowestAvailable, type Sector } from '../catalog/event/tickets';
import { hasEnded, type EventState } from '../catalog/event-state';
import { formatEventDate } from './format';

// What the event page shows, decided apart from its markup: the dates it states, whether
// it offers the event to a calendar, and the price it calls out first.

type Dated = { is_closed: boolean; starts_at: string | null; ends_at: string | null };

/**
 * Whether the page states the start and end. A postponed event has no date until a new
 * one is announced: the one still in the catalog is the old date, which the status line
 * names as such, so it is not shown again as if it held.
 */
export const showsSchedule = (status: EventStatus, event: Dated): boolean => status !== 'postponed' && event.starts_at !== null;

/**
 * Whether the page offers "Adicionar à agenda": only for an event that will happen on a
 * known date. A cancelled event will not, a postponed one has no date, an ended one is over.
 */
export const offersCalendar = (status: EventStatus, event: Dated, now = Date.now()): boolean =>
  status !== 'cancelled' && showsSchedule(status, event) && !hasEnded(event, now);

/** A lot's price with fees as the table shows it: "Grátis" when it costs nothing. */
export const totalLabel = (cents: number): string => (cents === 0 ? 'Grátis' : formatBrl(cents));

/**
 * The price called out first, while a ticket can be bought: "Grátis" when every lot on sale is free; a
 * free lot beside paid ones says so and where the others start; otherwise the lowest
 * price with fees ("A partir de R$ 52,80 com taxas (Pista)").
 */
export function priceCallout(state: EventState, sectors: Sector[]): string | null {
  if (!state.canBuy) return null;
  const lowest = lowestAvailable(sectors);
  if (!lowest) return null;
  if (lowest.total_cents > 0) return `A partir de ${formatBrl(lowest.total_cents)} com taxas (${lowest.name})`;
  const paid = lowestAvailable(sectors.map((s) => ({ ...s, lots: s.lots.filter((l) => l.total_cents > 0) })));
  return paid ? `Grátis (${lowest.name}); outros ingressos a partir de ${formatBrl(paid.total_cents)} com taxas` : 'Grátis';
}

type Previewed = Dated & {
  timezone: string | null;
  is_online?: boolean;
  location: { name: string | null; city: string | null; state_abbr: string | null } | null;
};

/**
 * When and where, for a link's preview (Open Graph, the WhatsApp preview, Twitter, the
 * preview picture): "sáb., 16 de jan. de 2027, 21:30" and "Clube Sol Nascente, Recife - PE";
 * a postponed event says that its new date is to be announced, an online one "Online".
 */
export function previewParts(status: EventStatus, event: Previewed): { when: string; where: string } {
  const when = showsSchedule(status, event) ? formatEventDate(event.starts_at, event.timezone) : 'Nova data a definir';
  const city = event.location ? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ') : '';
  const where = event.location ? [event.location.name, city].filter(Boolean).join(', ') : 'Online';
  return { when, where: where || 'Local a definir' };
}

/** When and where on one line: "sáb., 16 de jan. de 2027, 21:30 · Clube Sol Nascente, Recife - PE". */
export function previewLine(status: EventStatus, event: Previewed): string {
  const { when, where } = previewParts(status, event);
  return `${when} · ${where}`;
}

/** The size of a link's preview picture, the one Open Graph readers expect. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The path of an event's preview picture (app/eventos/[slug]/previa.png). */
export const previewImagePath = (slug: string): string => `/eventos/${encodeURIComponent(slug)}/previa.png`;

/**
 * The picture a shared link shows: the event's banner when a messaging app can show it
 * (a bitmap: WhatsApp shows no SVG), else the preview picture the site draws.
 */
export function shareImage(banner: string | null, slug: string): { path: string; width?: number; height?: number; drawn: boolean } {
  if (banner && !/\.svg(?:[?#]|$)/i.test(banner)) return { path: banner, drawn: false };
  return { path: previewImagePath(slug), ...PREVIEW_SIZE, drawn: true };
}
