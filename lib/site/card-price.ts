import { formatBrl } from '../catalog/event/tickets';
import type { CardPrice, EventFacts } from '../catalog/listing/cards';
import type { EventListItem } from '../catalog/public-schema';

// A listing card's price line, in the words of the event's page: "Grátis" for a free
// event, never "a partir de R$ 0,00 com taxas".

export type PriceLine = { text: string; closed: boolean; fees: boolean };

/**
 * The price line of a card: cancelled, closed sales, sold out, "Grátis" (as the event's page
 * says, with the lowest paid price when there is one), or the lowest price with fees on sale.
 */
export function priceLine(event: Pick<EventListItem, 'is_closed'>, price: CardPrice | undefined, facts: Pick<EventFacts, 'event_status'> | undefined): PriceLine | null {
  if (facts?.event_status === 'cancelled') return null;
  if (event.is_closed) return { text: 'Vendas encerradas', closed: true, fees: false };
  if (!price?.has_lots) return null;
  if (price.lowest_total_cents === null) return { text: 'Esgotado', closed: true, fees: false };
  if (price.lowest_total_cents > 0) return { text: `a partir de ${formatBrl(price.lowest_total_cents)}`, closed: false, fees: true };
  if (price.lowest_paid_cents === null) return { text: 'Grátis', closed: false, fees: false };
  return { text: `Grátis; outros a partir de ${formatBrl(price.lowest_paid_cents)}`, closed: false, fees: true };
}

