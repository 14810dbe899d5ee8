import type { Brand } from '../brand/schema';
import { ApiError } from '../http/problem';
import { findEvent } from './events';
import type { EventDetail } from './public-schema';

/** The event for a path slug, or the 400/404 problem the spec asks for. */
export async function getEventOrThrow(brand: Brand, raw: string | string[] | undefined): Promise<EventDetail> {
  const slug = (Array.isArray(raw) ? raw.join('/') : (raw ?? '')).trim();
  if (slug === '') throw new ApiError('slug_missing', 'Give the event slug: /events/{slug}.');
  const event = await findEvent(brand, slug);
  if (!event) throw new ApiError('event_not_found', `No event "${slug.slice(0, 160)}" in the ${brand.name} catalog.`);
  return event;
}
