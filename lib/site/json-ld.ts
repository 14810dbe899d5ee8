import type { Brand } from '../brand/schema';
import { ACCESSIBILITY_LABELS, type AccessibilityFeature, type EventStatus } from '../catalog/categories';
import { lotAvailability, type EventState } from '../catalog/event-state';
import type { Sector } from '../catalog/event/tickets';
import { viewState, type EventView } from '../catalog/event/view';
import type { EventListItem } from '../catalog/public-schema';
import { organizerPath } from './landing';
import { oneLine, plainText } from './text';

const SCHEMA = 'https://schema.org';
const money = (cents: number) => (cents / 100).toFixed(2);
const SCHEMA_STATUS: Record<EventStatus, string> = {
  scheduled: `${SCHEMA}/EventScheduled`,
  cancelled: `${SCHEMA}/EventCancelled`,
  postponed: `${SCHEMA}/EventPostponed`,
  rescheduled: `${SCHEMA}/EventRescheduled`,
};

/**
 * schema.org's accessibilityFeature values: the terms of its accessibility vocabulary
 * (schema.org/WebSchemas/Accessibility) where one names the feature, plain text otherwise.
 */
const ACCESSIBILITY_FEATURE: Record<AccessibilityFeature, string> = {
  wheelchair: ACCESSIBILITY_LABELS.wheelchair,
  libras: 'signLanguage',
  audio_description: 'audioDescription',
  accessible_toilets: ACCESSIBILITY_LABELS.accessible_toilets,
  reserved_seats: ACCESSIBILITY_LABELS.reserved_seats,
};

/**
 * The tickets as schema.org offers: one Offer per lot, sold-out lots included, inside an
 * AggregateOffer whose range covers every lot. The aggregate's availability is the event's
 * state's (lib/catalog/event-state.ts): InStock on sale, SoldOut, OutOfStock while sales
 * are paused or the event awaits a new date, PreOrder before sales open (with validFrom,
 * when they open), Discontinued once it happened or was cancelled. A lot sold out is
 * SoldOut; every other lot takes the event's availability. Their url is where the tickets
 * are bought while they can be (the event's purchase address), else the event's page.
 */
function ticketOffers(state: EventState, sectors: Sector[], url: string) {
  const lots = sectors.flatMap((s) => s.lots.map((l) => ({ sector: s.name, ...l })));
  if (lots.length === 0) return undefined;
  const totals = lots.map((l) => l.total_cents);
  const validFrom = state.salesStartAt ?? undefined;
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'BRL',
    lowPrice: money(Math.min(...totals)),
    highPrice: money(Math.max(...totals)),
    offerCount: lots.length,
    availability: `${SCHEMA}/${state.availability ?? 'SoldOut'}`,
    validFrom,
    url,
    offers: lots.map((l) => ({
      '@type': 'Offer',
      name: `${l.sector}: ${l.name}`,
      price: money(l.total_cents),
      priceCurrency: 'BRL',
      availability: `${SCHEMA}/${lotAvailability(state, l)}`,
      validFrom,
      url,
    })),
  };
}

/**
 * schema.org Event for Google's event rich results, from the event's view (its status and
 * the start announced before it moved included) and what it offers for access
 * (accessibilityFeature, and its note as accessibilitySummary). The catalog knows no
 * performer: it is left out. `purchaseUrl` is the address the page's "Comprar ingressos"
 * leads to (lib/site/purchase.ts), null when it has none.
 */
export function eventJsonLd(event: EventView, purchaseUrl: string | null = null) {
  const { sectors, url: pageUrl } = event;
  const state = viewState(event);
  const location = event.is_online || !event.location
    ? { '@type': 'VirtualLocation', url: pageUrl }
    : {
        '@type': 'Place',
        name: event.location.name ?? event.location.city ?? undefined,
        address: {
          '@type': 'PostalAddress',
          streetAddress: event.location.formatted_address ?? undefined,
          addressLocality: event.location.city ?? undefined,
          addressRegion: event.location.state_abbr ?? undefined,
          addressCountry: 'BR',
        },
        ...(event.location.latitude && event.location.longitude
          ? { geo: { '@type': 'GeoCoordinates', latitude: Number(event.location.latitude), longitude: Number(event.location.longitude) } }
          : {}),
      };
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: event.name,
    url: pageUrl,
    startDate: event.starts_at ?? undefined,
    endDate: event.ends_at ?? undefined,
    eventAttendanceMode: event.is_online ? `${SCHEMA}/OnlineEventAttendanceMode` : `${SCHEMA}/OfflineEventAttendanceMode`,
    eventStatus: SCHEMA_STATUS[event.event_status],
    previousStartDate: event.previous_starts_at ?? undefined,
    location,
    image: [event.images.banner, event.images.thumbnail].filter(Boolean),
    description: oneLine(plainText(event.description)) || undefined,
    organizer: event.producer ? { '@type': 'Organization', name: event.producer.name, url: `${new URL(pageUrl).origin}${organizerPath(event.producer.slug)}` } : undefined,
    offers: ticketOffers(state, sectors, (state.canBuy && purchaseUrl) || pageUrl),
    accessibilityFeature: event.accessibility.features.length > 0 ? event.accessibility.features.map((f) => ACCESSIBILITY_FEATURE[f]) : undefined,
    accessibilitySummary: event.accessibility.notes ?? undefined,
  };
}

/**
 * The home page's graph: the brand as an Organization, the site as a WebSite whose
 * SearchAction is the listing's own search (GET /?q=), and the events the page shows,
 * in its order, as an ItemList.
 */
export function homeJsonLd(brand: Brand, shown: EventListItem[]) {
  const site = brand.site_url;
  return {
    '@context': SCHEMA,
    '@graph': [
      { '@type': 'Organization', '@id': `${site}/#organization`, name: brand.name, url: `${site}/`, logo: `${site}/favicon.svg` },
      {
        '@type': 'WebSite',
        '@id': `${site}/#website`,
        name: brand.name,
        url: `${site}/`,
        inLanguage: 'pt-BR',
        publisher: { '@id': `${site}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${site}/?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@type': 'ItemList',
        numberOfItems: shown.length,
        itemListElement: shown.map((e, i) => ({ '@type': 'ListItem', position: i + 1, url: e.url, name: e.name })),
      },
    ],
  };
}

/** JSON for a script element: `<` escaped so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
