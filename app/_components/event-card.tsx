import type { CardPrice } from '@/lib/catalog/listing/card-prices';
import { ageRatingLabel, EVENT_STATUS_LABELS } from '@/lib/catalog/categories';
import type { EventFacts } from '@/lib/catalog/listing/event-facts';
import type { EventListItem } from '@/lib/catalog/public-schema';
import { formatBrl } from '@/lib/catalog/event/tickets';
import { citySlug } from '@/lib/catalog/listing/landing-subjects';
import { formatEventDate } from '@/lib/site/format';
import { cityPath } from '@/lib/site/landing';

/** The price line of a card: cancelled, closed sales, sold out, or the lowest price with fees on sale. */
function priceLine(event: EventListItem, price: CardPrice | undefined, facts: EventFacts | undefined): { text: string; closed: boolean } | null {
  if (facts?.event_status === 'cancelled') return null;
  if (event.is_closed) return { text: 'Vendas encerradas', closed: true };
  if (!price?.has_lots) return null;
  if (price.lowest_total_cents === null) return { text: 'Esgotado', closed: true };
  return { text: `a partir de ${formatBrl(price.lowest_total_cents)}`, closed: false };
}

/** One event in the listing: image, name, date in its own zone, place (and how far it is, near a point), and its price or closed sales. */
export function EventCard({ event, price, facts, eager, distance }: { event: EventListItem; price: CardPrice | undefined; facts?: EventFacts; eager: boolean; distance?: string | null }) {
  const place = event.location ? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ') : 'Online';
  // The city leads to its landing page.
  const city = event.location?.city ? citySlug(event.location.city) : '';
  const path = `/eventos/${event.slug}`;
  const line = priceLine(event, price, facts);
  const status = facts && facts.event_status !== 'scheduled' ? EVENT_STATUS_LABELS[facts.event_status] : null;
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
        <p className="meta">
          {city ? <a href={cityPath(city)}>{place}</a> : place}
          {distance && <span className="distance">{` · ${distance}`}</span>}
        </p>
        {(status || facts?.age_rating) && (
          <p className="tags">
            {status && <span className={`badge event-status-${facts!.event_status}`}>{status}</span>}
            {facts?.age_rating && (
              <span className={`age-rating age-${facts.age_rating}`} title="Classificação indicativa">
                {ageRatingLabel(facts.age_rating)}
              </span>
            )}
          </p>
        )}
        {line && (line.closed ? <span className="badge">{line.text}</span> : <p className="price">
              {`${line.text} `}
              <span className="fees">com taxas</span>
            </p>)}
      </div>
    </li>
  );
}
