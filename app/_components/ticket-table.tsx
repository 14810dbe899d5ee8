import { formatBrl, type Sector } from '@/lib/catalog/event/tickets';
import { totalLabel } from '@/lib/site/event-page';
import { lotSituation, type SaleState } from '@/lib/site/sale-state';

/**
 * Every sector and lot with price, fee and price with fees ("Grátis" when it is zero).
 * When nothing is on sale the prices are labelled as the last ones, for information. The
 * lowest price is called out at the top of the event page (lib/site/event-page.ts).
 */
export function TicketTable({ sectors, state }: { sectors: Sector[]; state: SaleState }) {
  if (sectors.every((s) => s.lots.length === 0)) return <p>Nenhum ingresso cadastrado para este evento.</p>;
  return (
    <>
      {state !== 'on_sale' && <p className="info-prices">Últimos preços praticados, apenas para informação: nenhum ingresso está à venda.</p>}
      {/* Six columns do not fit a phone: the table scrolls within its own region (focusable,
          so a keyboard scrolls it too), never the page; on a narrow screen a line says so. */}
      <p className="notice">Preço com taxas: o preço do ingresso somado à taxa de serviço, o que se paga por ingresso.</p>
      <p className="scroll-hint" aria-hidden="true">
        Deslize a tabela para o lado para ver todas as colunas →
      </p>
      <div className="table-scroll" role="region" aria-label="Setores e preços" tabIndex={0}>
        <table className="tickets">
          <caption>Valores em reais (BRL)</caption>
          <thead>
            <tr>
              <th scope="col">Setor</th>
              <th scope="col">Lote</th>
              <th scope="col" className="num">Preço</th>
              <th scope="col" className="num">Taxa</th>
              <th scope="col" className="num">Preço com taxas</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {sectors.flatMap((s, si) =>
              s.lots.map((l, li) => (
                <tr key={`${si}-${li}`}>
                  <td>{s.name}</td>
                  <td>{l.name}</td>
                  <td className="num">{formatBrl(l.price_cents)}</td>
                  <td className="num">{formatBrl(l.fee_cents)}</td>
                  <td className="num">{totalLabel(l.total_cents)}</td>
                  <td>{lotSituation(state, l)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
