import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import { PREPARED, type Queryable } from '../../db/types';
import { CatalogError } from '../errors';
import type { Sql } from '../listing/sql-parts';
import { isSlug } from '../record';
import { snapshot } from '../snapshot-cache';
import { findWithdrawal } from '../import/withdrawals';
import { toEventView, VIEW_COLUMNS, type EventView, type ViewRow } from './view';

/** The one statement that reads an event's view (run as it is by the EXPLAIN tests). */
export function eventSql(brand: Brand, slug: string): Sql {
  return {
    text: `SELECT ${VIEW_COLUMNS}
       FROM events e
       LEFT JOIN venues v ON v.id = e.venue_id
       LEFT JOIN producers p ON p.id = e.producer_id
       WHERE e.brand_id = $1 AND e.slug = $2`,
    params: [brand.id, slug],
  };
}

/**
 * One event of the brand by slug, or null (none, or withdrawn). Ended events stay
 * reachable. A slug the catalog could never hold needs no query; an answer is kept for
 * the snapshot window.
 */
export function getEvent(brand: Brand, slug: string): Promise<EventView | null> {
  if (!isSlug(slug)) return Promise.resolve(null);
  return snapshot(`event|${brand.id}|${slug}`, () => withDb((db) => readEventView(db, brand, slug)));
}

/** The view of one event of the brand by slug, or null, read on `db`. */
export async function readEventView(db: Queryable, brand: Brand, slug: string): Promise<EventView | null> {
  const sql = eventSql(brand, slug);
  const [row] = await db.query<ViewRow>(sql.text, sql.params, PREPARED);
  return row ? toEventView(brand, row) : null;
}

/** The event of a path slug; a CatalogError when the slug is blank, names no event of the brand, or one withdrawn. */
export async function getEventOrThrow(brand: Brand, raw: string | string[] | undefined): Promise<EventView> {
  const slug = (Array.isArray(raw) ? raw.join('/') : (raw ?? '')).trim();
  if (slug === '') throw new CatalogError('slug_missing', 'Give the event slug: /events/{slug}.');
  const event = await getEvent(brand, slug);
  if (event) return event;
  const shown = slug.slice(0, 160);
  // Only a slug the catalog could hold can have been withdrawn.
  const withdrawal = isSlug(slug) ? await snapshot(`withdrawn|${brand.id}|${slug}`, () => withDb((db) => findWithdrawal(db, brand.id, slug))) : undefined;
  if (withdrawal) {
    throw new CatalogError('event_withdrawn', `The event "${shown}" was withdrawn from the ${brand.name} catalog on ${withdrawal.withdrawn_at}.`);
  }
  throw new CatalogError('event_not_found', `No event "${shown}" in the ${brand.name} catalog.`);
}
