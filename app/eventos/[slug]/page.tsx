import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TicketTable } from '@/app/_components/ticket-table';
import { findEvent } from '@/lib/catalog/events';
import { getEventTickets } from '@/lib/catalog/tickets';
import { currentBrand } from '@/lib/site/brand-context';
import { formatEventDate, zoneLabel } from '@/lib/site/format';
import { eventJsonLd, scriptJson } from '@/lib/site/json-ld';

type Params = Promise<{ slug: string }>;

async function load(slug: string) {
  const brand = await currentBrand();
  const event = await findEvent(brand, slug);
  return { brand, event };
}

const plain = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) notFound();
  const description = plain(event.description).slice(0, 160) || `${event.name} na ${brand.name}`;
  return {
    title: event.name,
    description,
    alternates: { canonical: event.url },
    openGraph: { type: 'website', title: event.name, description, url: event.url, images: event.images.banner ? [{ url: event.images.banner, width: 1200, height: 480 }] : [] },
  };
}

// GET /eventos/{slug}: one event with its tickets and the price with fees.
export default async function EventPage({ params }: { params: Params }) {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) notFound();
  const sectors = await getEventTickets(brand, slug);
  const venue = event.location;
  const mapUrl = venue?.latitude && venue.longitude ? `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=16/${venue.latitude}/${venue.longitude}` : null;
  return (
    <article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(event, sectors, event.url)) }} />
      {event.images.banner && (
        <div className="event-hero">
          <img src={event.images.banner} alt="" width={1200} height={480} fetchPriority="high" />
        </div>
      )}
      <h1>{event.name}</h1>
      {event.is_closed && <p className="closed">Vendas encerradas para este evento.</p>}
      <ul className="facts">
        <li>
          <strong>Início:</strong>{' '}
          <time dateTime={event.starts_at ?? undefined}>{formatEventDate(event.starts_at, event.timezone)}</time> ({zoneLabel(event.timezone)})
        </li>
        {event.ends_at && (
          <li>
            <strong>Término:</strong>{' '}
            <time dateTime={event.ends_at}>{formatEventDate(event.ends_at, event.timezone)}</time>
          </li>
        )}
        <li>
          <strong>Local:</strong>{' '}
          {venue ? (
            <>
              {venue.name}
              {venue.formatted_address && <>, {venue.formatted_address}</>}
              {mapUrl && (
                <>
                  {' · '}
                  <a href={mapUrl} rel="noopener">Ver no mapa</a>
                </>
              )}
            </>
          ) : (
            'Online'
          )}
        </li>
        {event.producer && (
          <li>
            <strong>Produção:</strong>{' '}
            <a href={`/?organization=${encodeURIComponent(event.producer.slug)}`}>{event.producer.name}</a>
          </li>
        )}
      </ul>
      <h2>Ingressos</h2>
      <TicketTable sectors={sectors} />
      <p>
        {event.is_closed ? (
          <span className="closed">Não há ingressos à venda.</span>
        ) : (
          <a className="button" href={`${brand.site_url}/checkout/${encodeURIComponent(event.slug)}`}>
            Comprar ingressos
          </a>
        )}
      </p>
      <p className="notice">Preços e disponibilidade são um retrato do momento, não uma reserva. O valor final é confirmado na compra.</p>
      {event.description && (
        <section className="description" aria-labelledby="sobre">
          <h2 id="sobre">Sobre o evento</h2>
          <div dangerouslySetInnerHTML={{ __html: event.description }} />
        </section>
      )}
    </article>
  );
}
