import { lotLabel, pricesNote, type EventState } from '@/lib/catalog/event-state';
import { formatBrl, type Sector } from '@/lib/catalog/event/tickets';
import { totalLabel } from '@/lib/site/event-page';

/** The label's look: on sale, sold out, or waiting (paused, not started, over). */
function tone(label: string): string {
  if (label === 'À venda') return 'on-sale';
  if (label === 'Esgotado') return 'sold-out';
  return 'waiting';
}

/**
 * Every sector and lot as a card of its own, in catalog order: its name as a heading, the
 * price with fees first and largest ("Grátis" when it is zero), then the price and the
 * fee it is made of, and its situation as a label. Cards stack in the page's column, so
 * nothing slides sideways on a phone. When nothing is on sale the prices are labelled as
 * information only. The lowest price is called out at the top of the event page
 * (lib/site/event-page.ts).
 */
export function TicketTable({ sectors, state }: { sectors: Sector[]; state: EventState }) {
  if (sectors.every((s) => s.lots.length === 0)) return <p>Nenhum ingresso cadastrado para este evento.</p>;
  const note = pricesNote(state);
  return (
    <>
      {note && <p className="info-prices">{note}</p>}
      <p className="notice">Preço com taxas: o preço do ingresso somado à taxa de serviço, o que se paga por ingresso. Valores em reais.</p>
      <ul className="ticket-cards" aria-label="Setores e lotes">
        {sectors.flatMap((s, si) =>
          s.lots.map((l, li) => {
            const label = lotLabel(state, l);
            return (
              <li key={`${si}-${li}`} className="ticket-card">
                <h3>
                  {s.name}
                  <span className="ticket-lot">{` · ${l.name}`}</span>
                </h3>
                <p className="ticket-total">
                  {totalLabel(l.total_cents)}
                  {l.total_cents > 0 && <span className="fees"> com taxas</span>}
                </p>
                {l.total_cents > 0 && (
                  // Each amount stays whole on its line ("R$ 35,60", never "R$" and "35,60").
                  <p className="ticket-parts">
                    Ingresso <span className="amount">{formatBrl(l.price_cents)}</span> + taxa <span className="amount">{formatBrl(l.fee_cents)}</span>
                  </p>
                )}
                <p className={`ticket-status ticket-status-${tone(label)}`}>
                  <span className="visually-hidden">Situação: </span>
                  {label}
                </p>
              </li>
            );
          }),
        )}
      </ul>
    </>
  );
}
