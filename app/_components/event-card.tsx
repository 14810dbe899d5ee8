import type { EventListItem } from '@/lib/catalog/public-schema';
import { formatEventDate } from '@/lib/site/format';

/** One event in the listing: image, name, date in its own zone, place, and closed sales. */
export function EventCard({ event, eager }: { event: EventListItem; eager: boolean }) {
  const place = event.location ? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ') : 'Online';
  const path = `/eventos/${event.slug}`;
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
        {event.is_closed && <span className="badge">Vendas encerradas</span>}
      </div>
    </li>
  );
}
