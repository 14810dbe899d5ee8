import type { CardPrice } from '@/lib/catalog/card-prices';
import type { EventListItem } from '@/lib/catalog/public-schema';
import { formatBrl } from '@/lib/catalog/tickets';
import { formatEventDate } from '@/lib/site/format';

/** The price line of a card: closed sales, sold out, or the lowest price with fees on sale. */
function priceLine(event: EventListItem, price: CardPrice | undefined): { text: string; closed: boolean } | null {
  if (event.is_closed) return { text: 'Vendas encerradas', closed: true };
  if (!price?.has_lots) return null;
  if (price.lowest_total_cents === null) return { text: 'Esgotado', closed: true };
  return { text: `a partir de ${formatBrl(price.lowest_total_cents)}`, closed: false };
}

/** One event in the listing: image, name, date in its own zone, place, and its price or closed sales. */
export function EventCard({ event, price, eager }: { event: EventListItem; price: CardPrice | undefined; eager: boolean }) {
  const place = event.location ? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ') : 'Online';
  const path = `/eventos/${event.slug}`;
  const line = priceLine(event, price);
  return (
    <li className="card">
      {event.images.thumbnail && <img src={event.images.thumbnail} alt="" width={480} height={320} loading={eager ? 'eager' : 'lazy'} />}
      <div className="body">
        <h2>
          <a href={path}>{event.name}</a>
        </h2>
        <p className="meta">
          <time dateTime={event.starts_at ?? undefined}>{formatEventDate(event.starts_at, event.timezone)}</time>
        </p>
        <p className="meta">{place}</p>
        {line && (line.closed ? <span className="badge">{line.text}</span> : <p className="price">
              {`${line.text} `}
              <span className="fees">com taxas</span>
            </p>)}
      </div>
    </li>
  );
}
