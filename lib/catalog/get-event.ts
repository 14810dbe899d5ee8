import type { Brand } from '../brand/schema';
import { CatalogError } from './errors';
import { findEvent } from './events';
import type { EventDetail } from './public-schema';

/** The event for a path slug; a CatalogError when the slug is blank or names no event of the brand. */
export async function eventForSlug(brand: Brand, raw: string | string[] | undefined): Promise<EventDetail> {
  const slug = (Array.isArray(raw) ? raw.join('/') : (raw ?? '')).trim();
  if (slug === '') throw new CatalogError('slug_missing', 'Give the event slug: /events/{slug}.');
  const event = await findEvent(brand, slug);
  if (!event) throw new CatalogError('event_not_found', `No event "${slug.slice(0, 160)}" in the ${brand.name} catalog.`);
  return event;
}
