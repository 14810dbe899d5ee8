import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { CatalogError } from './errors';
import { findEvent } from './events';
import type { EventDetail } from './public-schema';
import { isSlug } from './record';
import { snapshot } from './snapshot-cache';
import { findWithdrawal } from './withdrawals';

/** The event for a path slug; a CatalogError when the slug is blank, names no event of the brand, or one withdrawn. */
export async function eventForSlug(brand: Brand, raw: string | string[] | undefined): Promise<EventDetail> {
  const slug = (Array.isArray(raw) ? raw.join('/') : (raw ?? '')).trim();
  if (slug === '') throw new CatalogError('slug_missing', 'Give the event slug: /events/{slug}.');
  const event = await findEvent(brand, slug);
  if (event) return event;
  const shown = slug.slice(0, 160);
  // Only a slug the catalog could hold can have been withdrawn.
  const withdrawal = isSlug(slug) ? await snapshot(`withdrawn|${brand.id}|${slug}`, () => withDb((db) => findWithdrawal(db, brand.id, slug))) : undefined;
  if (withdrawal) {
    throw new CatalogError('event_withdrawn', `The event "${shown}" was withdrawn from the ${brand.name} catalog on ${withdrawal.withdrawn_at}.`);
  }
  throw new CatalogError('event_not_found', `No event "${shown}" in the ${brand.name} catalog.`);
}
