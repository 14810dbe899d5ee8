import type { Brand } from '../../brand/schema';
import { ACCESSIBILITY_LABELS, ageRatingLabel, categoryBySlug, type AccessibilityFeature, type AgeRating, type EventStatus } from '../categories';
import { publicFields, type EventRow } from '../map';
import { toZonedRfc3339 } from '../time';
import { eventStateOf, type EventState } from '../event-state';
import { sectorsOf, type Sector, type TicketRow } from './tickets';

// One event as every surface shows it: the page (and so its Markdown), MCP, A2A, JSON-LD,
// the calendar file and, through public.ts, the API's detail. It is read in one statement
// (read.ts) and shaped here, so that a field of the event is added in this file: a column
// below, a member of EventView, and a trait when the page and the Markdown state it.

/** The columns of the view, read by eventSql (read.ts); internal columns are never selected. */
export const VIEW_COLUMNS = `
  e.id::int AS id, e.slug, e.name, e.description, e.starts_at, e.ends_at, e.timezone,
  e.is_online, e.is_closed, e.banner_url, e.thumbnail_url,
  v.name AS venue_name, v.city AS venue_city, v.state AS venue_state, v.state_abbr AS venue_state_abbr,
  v.formatted_address AS venue_address, v.latitude::text AS venue_latitude, v.longitude::text AS venue_longitude,
  p.name AS producer_name, p.slug AS producer_slug,
  e.category, e.age_rating, e.event_status, e.previous_starts_at, e.sales_start_at, e.accessibility, e.accessibility_notes, e.purchase_url,
  (SELECT json_agg(json_build_object('sector', s.name, 'lot', l.name, 'price_cents', l.price_cents, 'fee_cents', l.fee_cents, 'available', l.available)
          ORDER BY s.position, l.position)
   FROM ticket_sectors s JOIN ticket_lots l ON l.sector_id = s.id WHERE s.event_id = e.id) AS tickets`;

/** A row of VIEW_COLUMNS. It never leaves lib/catalog. */
export type ViewRow = Omit<EventRow, 'status'> & {
  producer_name: string | null;
  producer_slug: string | null;
  category: string | null;
  age_rating: AgeRating | null;
  event_status: EventStatus;
  previous_starts_at: Date | string | null;
  sales_start_at: Date | string | null;
  accessibility: AccessibilityFeature[];
  accessibility_notes: string | null;
  purchase_url: string | null;
  tickets: TicketRow[] | null;
};

/**
 * A fact of the event that the page and every Markdown state as "label: text", in this
 * order (`value` is the catalog's own code, for a renderer that links or styles it).
 */
export type EventTrait = { key: 'category' | 'age_rating' | 'accessibility' | 'accessibility_notes'; label: string; text: string; value: string };

/**
 * One event: the fields of the API's event (public.ts picks those), what people browse by
 * (category, age rating, whether it happens as announced and, when it moved, the start
 * announced before and when sales open: RFC 3339 in the event's zone), what it offers for
 * access (features of the closed list, in its order, and a note), where its tickets are sold
 * (its own address from the import, internal: never a field of the API's event), its traits,
 * and every sector and lot with the price including fees.
 */
export type EventView = ReturnType<typeof publicFields> & {
  producer: { name: string; slug: string } | null;
  category: string | null;
  age_rating: AgeRating | null;
  event_status: EventStatus;
  previous_starts_at: string | null;
  sales_start_at: string | null;
  accessibility: { features: AccessibilityFeature[]; notes: string | null };
  purchase_url: string | null;
  traits: EventTrait[];
  sectors: Sector[];
};

function traitsOf(r: ViewRow): EventTrait[] {
  const category = r.category ? categoryBySlug(r.category) : null;
  return [
    ...(category ? [{ key: 'category' as const, label: 'Categoria', text: category.label, value: category.slug }] : []),
    ...(r.age_rating ? [{ key: 'age_rating' as const, label: 'Classificação indicativa', text: ageRatingLabel(r.age_rating), value: r.age_rating }] : []),
    ...(r.accessibility.length > 0
      ? [{ key: 'accessibility' as const, label: 'Acessibilidade', text: r.accessibility.map((f) => ACCESSIBILITY_LABELS[f]).join(', '), value: r.accessibility.join(',') }]
      : []),
    ...(r.accessibility_notes ? [{ key: 'accessibility_notes' as const, label: 'Sobre a acessibilidade', text: r.accessibility_notes, value: r.accessibility_notes }] : []),
  ];
}

export function toEventView(brand: Brand, r: ViewRow): EventView {
  return {
    ...publicFields(brand, r),
    producer: r.producer_slug && r.producer_name ? { name: r.producer_name, slug: r.producer_slug } : null,
    category: r.category,
    age_rating: r.age_rating,
    event_status: r.event_status,
    previous_starts_at: r.previous_starts_at === null ? null : toZonedRfc3339(new Date(r.previous_starts_at), r.timezone),
    sales_start_at: r.sales_start_at === null ? null : toZonedRfc3339(new Date(r.sales_start_at), r.timezone),
    accessibility: { features: r.accessibility, notes: r.accessibility_notes },
    purchase_url: r.purchase_url,
    traits: traitsOf(r),
    sectors: sectorsOf(r.tickets ?? []),
  };
}

/** The event's state (lib/catalog/event-state.ts) from its view: its lots are all there. */
export function viewState(view: EventView, now = Date.now()): EventState {
  const lots = view.sectors.flatMap((s) => s.lots);
  return eventStateOf({ ...view, lots: { any: lots.length > 0, available: lots.some((l) => l.available) } }, now);
}
