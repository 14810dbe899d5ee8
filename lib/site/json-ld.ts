import type { EventDetail } from '../catalog/public-schema';
import { lowestAvailable, type Sector } from '../catalog/tickets';

/** schema.org Event for Google's event rich results, from the public shape only. */
export function eventJsonLd(event: EventDetail, sectors: Sector[], pageUrl: string) {
  const lowest = lowestAvailable(sectors);
  const ended = event.status === 'Encerrado' || (event.ends_at ? Date.parse(event.ends_at) < Date.now() : false);
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
    description: (event.description ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || undefined,
    organizer: event.producer ? { '@type': 'Organization', name: event.producer.name, url: `${new URL(pageUrl).origin}/?organization=${encodeURIComponent(event.producer.slug)}` } : undefined,
    offers: lowest
      ? {
          '@type': 'Offer',
          price: (lowest.total_cents / 100).toFixed(2),
          priceCurrency: 'BRL',
          availability: event.is_closed || ended ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          url: pageUrl,
          validFrom: undefined,
        }
      : undefined,
  };
}

/** JSON for a script element: `<` escaped so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
