import type { EventDetail } from '../catalog/public-schema';
import { lowestAvailable, type Sector } from '../catalog/tickets';
import { lowestListed, saleStateOf } from './sale-state';
import { oneLine, plainText } from './text';

/** schema.org Event for Google's event rich results, from the public shape only. */
export function eventJsonLd(event: EventDetail, sectors: Sector[], pageUrl: string) {
  // On sale: the lowest price with fees of a lot on sale, InStock. Closed or sold out:
  // the lowest listed price, SoldOut (the one availability search engines read for
  // events that can no longer be bought).
  const state = saleStateOf(event, sectors);
  const lowest = state === 'on_sale' ? lowestAvailable(sectors) : lowestListed(sectors);
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
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    startDate: event.starts_at ?? undefined,
    endDate: event.ends_at ?? undefined,
    eventAttendanceMode: event.is_online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location,
    image: [event.images.banner, event.images.thumbnail].filter(Boolean),
    description: oneLine(plainText(event.description)) || undefined,
    organizer: event.producer ? { '@type': 'Organization', name: event.producer.name, url: `${new URL(pageUrl).origin}/?organization=${encodeURIComponent(event.producer.slug)}` } : undefined,
    offers: lowest
      ? {
          '@type': 'Offer',
          price: (lowest.total_cents / 100).toFixed(2),
          priceCurrency: 'BRL',
          availability: state === 'on_sale' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
          url: pageUrl,
        }
      : undefined,
  };
}

/** JSON for a script element: `<` escaped so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
