import type { Lot, Sector } from '../catalog/event/tickets';

// What an event offers for sale, decided once for every format (HTML, Markdown, JSON-LD,
// MCP, A2A), so that no page says one thing and shows another. The catalog's data may
// contradict itself (a closed event whose lots are still flagged available, an ended
// event that is not flagged closed): the strictest reading wins.

/** `on_sale`: some lot can be bought; `sold_out`: lots exist, none can; `closed`: sales are over; `no_tickets`: nothing listed. */
export type SaleState = 'on_sale' | 'sold_out' | 'closed' | 'no_tickets';

type Timed = { is_closed: boolean; starts_at: string | null; ends_at: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the event is over: past its end, or a day past its start when it has no end (the catalog's rule). */
export function hasEnded(event: Timed, now = Date.now()): boolean {
  const end = event.ends_at ? Date.parse(event.ends_at) : event.starts_at ? Date.parse(event.starts_at) + DAY_MS : NaN;
  return Number.isFinite(end) && end < now;
}

export function saleStateOf(event: Timed, sectors: Sector[], now = Date.now()): SaleState {
  if (event.is_closed || hasEnded(event, now)) return 'closed';
  const lots = sectors.flatMap((s) => s.lots);
  if (lots.length === 0) return 'no_tickets';
  return lots.some((l) => l.available) ? 'on_sale' : 'sold_out';
}

/** A lot's situation: "Esgotado" when sold out, "Vendas encerradas" on a closed event, else "À venda". */
export function lotSituation(state: SaleState, lot: Lot): string {
  if (!lot.available) return 'Esgotado';
  return state === 'closed' ? 'Vendas encerradas' : 'À venda';
}

/** One sentence on what can be bought, in the words of the page. */
export function saleSentence(state: SaleState): string {
  switch (state) {
    case 'on_sale':
      return 'Ingressos à venda.';
    case 'sold_out':
      return 'Ingressos esgotados: não há ingressos à venda.';
    case 'closed':
      return 'Vendas encerradas: não há ingressos à venda.';
    case 'no_tickets':
      return 'Nenhum ingresso cadastrado para este evento.';
  }
}
