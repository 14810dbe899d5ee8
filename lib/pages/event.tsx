import type { Metadata } from 'next';
import { AddToCalendar } from '@/lib/pages/components/add-to-calendar';
import { BuyCallout, HowToBuy } from '@/lib/pages/components/event-buy';
import { EventPlace } from '@/lib/pages/components/event-place';
import { StateNotice } from '@/lib/pages/components/event-state-notice';
import { ShareLinks } from '@/lib/pages/components/share-links';
import { EventTraits } from '@/lib/pages/components/event-traits';
import { SaveEvent } from '@/lib/pages/components/save-event';
import { TicketTable } from '@/lib/pages/components/ticket-table';
import { EventCard } from '@/lib/pages/components/event-card';
import { getEvent } from '@/lib/catalog/event/read';
import { getSimilarEvents } from '@/lib/catalog/listing/similar';
import { currentBrand } from '@/lib/site/brand-context';
import { formatEventDate, zoneWords } from '@/lib/site/format';
import { offersCalendar, previewLine, priceCallout, shareImage, showsSchedule } from '@/lib/site/event-page';
import { organizerPath } from '@/lib/site/landing';
import { citySlug, findCity, findOrganizer } from '@/lib/catalog/listing/landing-subjects';
import { eventJsonLd, scriptJson } from '@/lib/site/json-ld';
import { purchaseUrl } from '@/lib/site/purchase';
import { summary } from '@/lib/site/text';
import { viewState } from '@/lib/catalog/event/view';
import { pageNotFound, perRender } from '@/lib/site/render-scope';

type Params = Promise<{ slug: string }>;

// The metadata and the page read the event once per render (the snapshot cache may be off).
const load = perRender(async (slug: string) => {
  const brand = await currentBrand();
  const event = await getEvent(brand, slug);
  return { brand, event };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) pageNotFound();
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
  if (!event) pageNotFound();
  const { sectors } = event;
  const state = viewState(event);
  const venue = event.location;
  // Links to the landing pages of its city and producer, while they have events listed.
  const city = venue?.city ? await findCity(brand, citySlug(venue.city)) : null;
  const producerListed = event.producer ? (await findOrganizer(brand, event.producer.slug)) !== null : false;
  const callout = priceCallout(state, sectors);
  // The event's own purchase address, else the brand's purchase flow, while a ticket can be bought.
  const buyUrl = state.canBuy ? purchaseUrl(brand, event) : null;
  // Events like this one: beside the state when this one cannot be gone to, and below the event.
  const similar = await getSimilarEvents(brand, event.id);
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
      {callout && <BuyCallout callout={callout} buyUrl={buyUrl} />}
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
        <EventPlace venue={venue} city={city} />
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
      <HowToBuy brand={brand} event={event} state={state} hasButton={buyUrl !== null} producerListed={producerListed} city={city} />
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
