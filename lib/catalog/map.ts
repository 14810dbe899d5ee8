import type { Brand } from '../brand/schema';
import { sanitizeDescription } from './sanitize';
import { EventListItemSchema, type EventListItem } from './public-schema';
import { toZonedRfc3339 } from './time';

/** A row as the catalog queries return it. It never leaves lib/catalog. */
export type EventRow = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  status: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  timezone: string | null;
  is_online: boolean;
  is_closed: boolean;
  banner_url: string | null;
  thumbnail_url: string | null;
  venue_name: string | null;
  venue_city: string | null;
  venue_state: string | null;
  venue_state_abbr: string | null;
  venue_address: string | null;
  venue_latitude: string | null;
  venue_longitude: string | null;
};

const instant = (value: Date | string | null, tz: string | null) =>
  value === null ? null : toZonedRfc3339(value instanceof Date ? value : new Date(value), tz);

/** The event page on the brand's own site: always from the registry, never from the request. */
export function eventUrl(brand: Brand, slug: string): string {
  return `${brand.site_url}/eventos/${encodeURIComponent(slug)}`;
}

/** Site paths stored in the catalog become URLs on the brand's site. */
function absolute(brand: Brand, ref: string | null): string | null {
  return ref !== null && ref.startsWith('/') ? `${brand.site_url}${ref}` : ref;
}

/** The fields that the list's item and an event's view share, from a row. */
export function publicFields(brand: Brand, r: Omit<EventRow, 'status'>) {
  const hasVenue = [r.venue_name, r.venue_city, r.venue_address].some((v) => v !== null);
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description === null ? null : sanitizeDescription(r.description),
    starts_at: instant(r.starts_at, r.timezone),
    ends_at: instant(r.ends_at, r.timezone),
    timezone: r.timezone,
    is_online: r.is_online,
    is_closed: r.is_closed,
    url: eventUrl(brand, r.slug),
    images: { banner: absolute(brand, r.banner_url), thumbnail: absolute(brand, r.thumbnail_url) },
    location: hasVenue
      ? {
          name: r.venue_name,
          city: r.venue_city,
          state: r.venue_state,
          state_abbr: r.venue_state_abbr,
          formatted_address: r.venue_address,
          latitude: r.venue_latitude,
          longitude: r.venue_longitude,
        }
      : null,
  };
}

export function toPublicListItem(brand: Brand, r: EventRow): EventListItem {
  return EventListItemSchema.parse({ ...publicFields(brand, r), status: r.status, producer: null });
}
