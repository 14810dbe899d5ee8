import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AddToCalendar } from '@/app/_components/add-to-calendar';
import { DirectionsLinks } from '@/app/_components/directions-links';
import { ShareLinks } from '@/app/_components/share-links';
import { EventTraits } from '@/app/_components/event-traits';
import { SaveEvent } from '@/app/_components/save-event';
import { TicketTable } from '@/app/_components/ticket-table';
import { EventCard } from '@/app/_components/event-card';
import { getEvent } from '@/lib/catalog/event/read';
import { getSimilarEvents, type SimilarEvent } from '@/lib/catalog/listing/similar';
import type { EventState } from '@/lib/catalog/event-state';
import { currentBrand } from '@/lib/site/brand-context';
import { formatEventDate, zoneWords } from '@/lib/site/format';
import { offersCalendar, previewLine, priceCallout, shareImage, showsSchedule } from '@/lib/site/event-page';
import { directionsTo } from '@/lib/site/directions';
import { cityPath, organizerPath } from '@/lib/site/landing';
import { citySlug, findCity, findOrganizer } from '@/lib/catalog/listing/landing-subjects';
import { eventJsonLd, scriptJson } from '@/lib/site/json-ld';
import { producerSearchUrl, purchaseUrl } from '@/lib/site/purchase';
import { summary } from '@/lib/site/text';
import type { Brand } from '@/lib/brand/schema';
import { viewState, type EventView } from '@/lib/catalog/event/view';

type Params = Promise<{ slug: string }>;

// The metadata and the page read the event once per render (the snapshot cache may be off).
const load = cache(async (slug: string) => {
  const brand = await currentBrand();
  const event = await getEvent(brand, slug);
  return { brand, event };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) notFound();
  const description = summary(event.description) || `${event.name} na ${brand.name}`;
  // A link's preview (Open Graph, which WhatsApp reads, and Twitter): a picture it can show
  // (the banner, or one drawn with the name, date and place), the name, and when and where
  // before the summary.
  const image = shareImage(event.images.banner, event.slug);
  const imageUrl = new URL(image.path, brand.site_url).toString();
  const preview = `${previewLine(event.event_status, event)}. ${description}`;
  return {
    title: event.name,
    description,
    alternates: { canonical: event.url },
    openGraph: {
      type: 'website',
      siteName: brand.name,
      locale: 'pt_BR',
      title: event.name,
      description: preview,
      url: event.url,
      images: [{ url: imageUrl, width: image.width, height: image.height, alt: event.name }],
    },
    twitter: { card: 'summary_large_image', title: event.name, description: preview, images: [{ url: imageUrl, alt: event.name }] },
  };
}

// GET /eventos/{slug}: one event with its tickets and the price with fees.
export default async function EventPage({ params }: { params: Params }) {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) notFound();
  const { sectors } = event;
  const state = viewState(event);
  const venue = event.location;
  // Links to the landing pages of its city and producer, while they have events listed.
  const city = venue?.city ? await findCity(brand, citySlug(venue.city)) : null;
  const producerListed = event.producer ? (await findOrganizer(brand, event.producer.slug)) !== null : false;
  const callout = priceCallout(state, sectors);
  // The event's own purchase address, else the brand's purchase flow, while a ticket can be bought.
  const buyUrl = state.canBuy ? purchaseUrl(brand, event) : null;
  const directions = venue ? directionsTo(venue) : null;
  // Events like this one: beside the state when this one cannot be gone to, and below the event.
  const similar = await getSimilarEvents(brand, event.id);
  const mapUrl = venue?.latitude && venue.longitude ? `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=16/${venue.latitude}/${venue.longitude}` : null;
  return (
    <article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(event, buyUrl)) }} />
      {event.images.banner && (
        <div className="event-hero">
          <img src={event.images.banner} alt="" width={1200} height={480} fetchPriority="high" />
        </div>
      )}
      <h1>{event.name}</h1>
      {state.label && <StateNotice state={state} similar={similar} />}
      {callout && (
        // The price with fees and the next step, on the first screen of a phone; with a
        // purchase address, a bar with both stays at the bottom of a phone's screen.
        <div className={buyUrl ? 'event-buy event-buy-sticky' : 'event-buy'}>
          <p className="lowest">{callout}</p>
          {buyUrl ? (
            <a className="button" href={buyUrl}>
              Comprar ingressos
            </a>
          ) : (
            <a className="button secondary" href="#como-comprar">
              Como comprar
            </a>
          )}
        </div>
      )}
      <SaveEvent slug={event.slug} />
      <ul className="facts">
        {showsSchedule(event.event_status, event) && (
          <li>
            <strong>Início:</strong>{' '}
            <time dateTime={event.starts_at ?? undefined}>{formatEventDate(event.starts_at, event.timezone)}</time>
            {` (${zoneWords(event.timezone, new Date(event.starts_at ?? Date.now()))})`}
          </li>
        )}
        {event.ends_at && showsSchedule(event.event_status, event) && (
          <li>
            <strong>Término:</strong>{' '}
            <time dateTime={event.ends_at}>{formatEventDate(event.ends_at, event.timezone)}</time>
          </li>
        )}
        {event.starts_at && offersCalendar(event.event_status, event) && (
          <li>
            <AddToCalendar event={{ ...event, starts_at: event.starts_at }} />
          </li>
        )}
        <li>
          <strong>Local:</strong>{' '}
          {venue ? (
            <>
              {venue.name}
              {venue.formatted_address && <>, {venue.formatted_address}</>}
              {city && (
                <>
                  {' · '}
                  <a href={cityPath(city.slug)}>{`Eventos em ${city.name}`}</a>
                </>
              )}
              {mapUrl && (
                <>
                  {' · '}
                  <a href={mapUrl} rel="noopener">Ver no mapa</a>
                </>
              )}
              {directions && (
                <>
                  <br />
                  <DirectionsLinks directions={directions} />
                </>
              )}
            </>
          ) : (
            'Online'
          )}
        </li>
        <EventTraits traits={event.traits} />
        {event.producer && (
          <li>
            <strong>Produção:</strong>{' '}
            {producerListed ? <a href={organizerPath(event.producer.slug)}>{event.producer.name}</a> : event.producer.name}
          </li>
        )}
      </ul>
      <h2>Ingressos</h2>
      <TicketTable sectors={sectors} state={state} />
      <Purchase brand={brand} event={event} state={state} hasButton={buyUrl !== null} producerListed={producerListed} city={city} />
      <p className="notice">
        {state.canBuy
          ? 'Preços e disponibilidade são um retrato do momento, não uma reserva: confira o preço com taxas ao comprar.'
          : 'Preços e disponibilidade são um retrato do momento.'}
      </p>
      <ShareLinks name={event.name} url={event.url} />
      {event.description && (
        <section className="description" aria-labelledby="sobre">
          <h2 id="sobre">Sobre o evento</h2>
          <div dangerouslySetInnerHTML={{ __html: event.description }} />
        </section>
      )}
      {similar.length > 0 && (
        <section className="similar" id="parecidos" aria-labelledby="parecidos-titulo">
          <h2 id="parecidos-titulo">Eventos parecidos</h2>
          <ul className="cards">
            {similar.map((s) => (
              <EventCard key={s.event.id} event={s.event} price={s.price} facts={s.facts} eager={false} level={3} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/**
* The event's state at the top of the page, in its own words (lib/catalog/event-state.ts),
 * and, when the person cannot go to this event (it happened, was cancelled or sold out),
 * the nearest similar events right there.
 */
function StateNotice({ state, similar }: { state: EventState; similar: SimilarEvent[] }) {
  const offered = state.offersSimilar ? similar.slice(0, 3).map((s) => s.event) : [];
  return (
    <div className={`event-state event-state-${state.key}`} role="status">
      <p>
        <strong>{state.sentence}</strong>
      </p>
      {state.also && <p>{state.also}</p>}
      {offered.length > 0 && (
        <>
          <p>Eventos parecidos que ainda vão acontecer:</p>
          <ul className="state-similar">
            {offered.map((e) => (
              <li key={e.id}>
                <a href={`/eventos/${e.slug}`}>{e.name}</a>
                {` · ${formatEventDate(e.starts_at, e.timezone)}${e.location?.city ? ` · ${e.location.city}` : ''}`}
              </li>
            ))}
          </ul>
          {similar.length > offered.length && <a href="#parecidos">Ver mais eventos parecidos</a>}
        </>
      )}
    </div>
  );
}

/**
 * How to buy: with a purchase address, the button at the top of the page is the way
 * (nothing to add here); else, in plain words, that this site only lists the event, who
 * sells the tickets, and what the person can do from here, each a link: look for the
 * production's own page, the production's other events, the events on sale in its city.
 */
function Purchase({
  brand,
  event,
  state,
  hasButton,
  producerListed,
  city,
}: {
  brand: Brand;
  event: EventView;
  state: EventState;
  hasButton: boolean;
  producerListed: boolean;
  city: { slug: string; name: string } | null;
}) {
  // Nothing can be bought: the state at the top of the page says why.
  if (!state.canBuy) return null;
  if (hasButton) return null;
  const producer = event.producer?.name ?? null;
  const seller = producer ? `pela produção do evento, ${producer},` : 'pela produção do evento';
  return (
    <section className="how-to-buy" id="como-comprar" aria-labelledby="como-comprar-titulo">
      <h2 id="como-comprar-titulo">Como comprar</h2>
      <p>
        {`A ${brand.name} mostra aqui o evento, os setores e os preços com taxas, mas os ingressos deste evento não são vendidos por este site: são vendidos ${seller} nos canais de venda dela.`}
      </p>
      <ul>
        <li>
          <a href={producerSearchUrl(producer, event.name)} rel="noopener">
            {producer ? `Procurar a página oficial de ${producer}` : 'Procurar a página oficial do evento'}
          </a>{' '}
          e comprar lá; confira que o preço com taxas é o da tabela acima.
        </li>
        {event.producer && producerListed && (
          <li>
            <a href={organizerPath(event.producer.slug)}>{`Outros eventos de ${event.producer.name}`}</a>
          </li>
        )}
        {city && (
          <li>
            <a href={cityPath(city.slug)}>{`Eventos em ${city.name}`}</a>
          </li>
        )}
        <li>
          <a href="/">Eventos à venda na {brand.name}</a>
        </li>
      </ul>
    </section>
  );
}
