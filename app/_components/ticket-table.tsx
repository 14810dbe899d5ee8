import { formatBrl, lowestAvailable, type Sector } from '@/lib/catalog/tickets';

/** Every sector and lot with price, fee and price with fees; the lowest price with fees first. */
export function TicketTable({ sectors }: { sectors: Sector[] }) {
  const lowest = lowestAvailable(sectors);
  if (sectors.length === 0) return <p>Nenhum ingresso cadastrado para este evento.</p>;
  return (
    <>
      {lowest && (
        <p className="lowest">{`A partir de ${formatBrl(lowest.total_cents)} com taxas (${lowest.name})`}</p>
      )}
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
          {sectors.flatMap((s) =>
            s.lots.map((l) => (
              <tr key={`${s.name}-${l.name}`}>
                <td>{s.name}</td>
                <td>{l.name}</td>
                <td className="num">{formatBrl(l.price_cents)}</td>
                <td className="num">{formatBrl(l.fee_cents)}</td>
                <td className="num">{formatBrl(l.total_cents)}</td>
                <td>{l.available ? 'À venda' : 'Esgotado'}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </>
  );
}
