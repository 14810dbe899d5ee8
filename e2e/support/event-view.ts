import type { Sector } from '../../lib/catalog/event/tickets';
import type { EventView } from '../../lib/catalog/event/view';
import type { EventDetail } from '../../lib/catalog/public-schema';

/** An event's view, as the catalog would read it, from an API detail, its tickets and its status. */
export const viewOf = (e: EventDetail, sectors: Sector[], facts: Partial<Pick<EventView, 'event_status' | 'previous_starts_at' | 'sales_start_at' | 'accessibility' | 'purchase_url'>> = {}): EventView => ({
  ...e,
  sectors,
  category: null,
  age_rating: null,
  event_status: facts.event_status ?? 'scheduled',
  previous_starts_at: facts.previous_starts_at ?? null,
  sales_start_at: facts.sales_start_at ?? null,
  accessibility: facts.accessibility ?? { features: [], notes: null },
  purchase_url: facts.purchase_url ?? null,
  traits: [],
});
