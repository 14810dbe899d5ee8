import { type CardPrice, cardState, type EventFacts } from '@/lib/catalog/listing/cards';
import { ageRatingLabel } from '@/lib/catalog/categories';
import type { EventListItem } from '@/lib/catalog/public-schema';
import { citySlug } from '@/lib/catalog/listing/landing-subjects';
import { priceLine } from '@/lib/site/card-price';
import { formatEventDate } from '@/lib/site/format';
import { cityPath } from '@/lib/site/landing';

/**
 * One event in a list: image, name, date in its own zone, place (and how far it is, near a
 * point), its state in its own words when it is not simply on sale
 * (lib/catalog/event-state.ts), and the lowest price with fees while a ticket can be
 * bought. `level` is its heading's, under the list's own.
 */
export function EventCard({ event, price, facts, eager, level = 2, distance }: { event: EventListItem; price: CardPrice | undefined; facts?: EventFacts; eager: boolean; level?: 2 | 3; distance?: string | null }) {
  const place = event.location ? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ') : 'Online';
  // The city leads to its landing page.
  const city = event.location?.city ? citySlug(event.location.city) : '';
  const path = `/eventos/${event.slug}`;
  const state = cardState(event, facts, price);
  // While a ticket can be bought, its price line ("Grátis" for a free event); else the state says it.
  const line = state.canBuy ? priceLine(event, price, facts) : null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="card">
      {event.images.thumbnail && <img src={event.images.thumbnail} alt="" width={480} height={320} loading={eager ? 'eager' : 'lazy'} />}
      <div className="body">
        <Heading>
          <a href={path}>{event.name}</a>
        </Heading>
        <p className="meta">
          <time dateTime={event.starts_at ?? undefined}>{formatEventDate(event.starts_at, event.timezone)}</time>
        </p>
        <p className="meta">
          {city ? <a href={cityPath(city)}>{place}</a> : place}
          {distance && <span className="distance">{` · ${distance}`}</span>}
        </p>
        {(state.label || facts?.age_rating) && (
          <p className="tags">
            {state.label && <span className={`badge state-${state.key}`}>{state.label}</span>}
            {facts?.age_rating && (
              <span className={`age-rating age-${facts.age_rating}`} title="Classificação indicativa">
                {ageRatingLabel(facts.age_rating)}
              </span>
            )}
          </p>
        )}
        {line && !line.closed && (
          <p className="price">
            {line.fees ? `${line.text} ` : line.text}
            {line.fees && <span className="fees">com taxas</span>}
          </p>
        )}
      </div>
    </li>
  );
}
