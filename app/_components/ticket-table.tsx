import { formatBrl, lowestAvailable, type Sector } from '@/lib/catalog/tickets';
import { lotSituation, type SaleState } from '@/lib/site/sale-state';

/**
 * Every sector and lot with price, fee and price with fees. On sale: the lowest price
 * with fees first. Otherwise no call-out, and the prices are labelled as the last ones,
 * for information.
 */
export function TicketTable({ sectors, state }: { sectors: Sector[]; state: SaleState }) {
  if (sectors.every((s) => s.lots.length === 0)) return <p>Nenhum ingresso cadastrado para este evento.</p>;
  const lowest = state === 'on_sale' ? lowestAvailable(sectors) : null;
  return (
    <>
      {lowest && <p className="lowest">{`A partir de ${formatBrl(lowest.total_cents)} com taxas (${lowest.name})`}</p>}
      {state !== 'on_sale' && <p className="info-prices">Últimos preços praticados, apenas para informação: nenhum ingresso está à venda.</p>}
      {/* Six columns do not fit a phone: the table scrolls within its own region (focusable,
          so a keyboard scrolls it too), never the page. */}
      <div className="table-scroll" role="region" aria-label="Setores e preços" tabIndex={0}>
        <table className="tickets">
          <caption className="notice">Valores em reais (BRL). O preço com taxas é o valor final do ingresso.</caption>
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
                  <td className="num">{formatBrl(l.total_cents)}</td>
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
