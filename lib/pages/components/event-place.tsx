import { DirectionsLinks } from '@/lib/pages/components/directions-links';
import type { EventView } from '@/lib/catalog/event/view';
import { directionsTo } from '@/lib/site/directions';
import { cityPath } from '@/lib/site/landing';

/**
 * "Local:" in the event page's facts: the venue and its address, its city's page while it
 * has events listed, the map, and directions (lib/site/directions.ts); "Online" without a
 * venue.
 */
export function EventPlace({ venue, city }: { venue: EventView['location']; city: { slug: string; name: string } | null }) {
  const directions = venue ? directionsTo(venue) : null;
  const mapUrl = venue?.latitude && venue.longitude ? `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=16/${venue.latitude}/${venue.longitude}` : null;
  return (
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
  );
}
