import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import type { Queryable } from '../../db/types';
import { snapshot } from '../snapshot-cache';

/**
 * The width of a sitemap file's key range, in ids: at most this many URLs a file, so a
 * file costs the same at any size of the catalog (ids are shared by the brands: a
 * brand's file holds about a third of it). An index of 50,000 files (the sitemap
 * protocol's limit of files an index, and of URLs a file) covers 100,000,000 ids.
 */
export const SITEMAP_FILE_IDS = 2_000;

/** The span of the brand's ids in a table (null when it has no rows): files cover key ranges of it. */
export type IdSpan = { first: number; last: number } | null;

export type SitemapSpans = { events: IdSpan; organizers: IdSpan };

function span(row: { first: string | number | null; last: string | number | null } | undefined): IdSpan {
  return row?.first == null || row.last == null ? null : { first: Number(row.first), last: Number(row.last) };
}

/** The brand's first and last event id and organizer id: two probes of each (brand_id, id) index. */
export async function readSitemapSpans(db: Queryable, brandId: string): Promise<SitemapSpans> {
  const [events, organizers] = await Promise.all([
    db.query<{ first: string | null; last: string | null }>('SELECT min(id) AS first, max(id) AS last FROM events WHERE brand_id = $1', [brandId]),
    db.query<{ first: string | null; last: string | null }>('SELECT min(id) AS first, max(id) AS last FROM producers WHERE brand_id = $1', [brandId]),
  ]);
  return { events: span(events[0]), organizers: span(organizers[0]) };
}

export function sitemapSpans(brand: Brand): Promise<SitemapSpans> {
  return snapshot(`sitemap-spans|${brand.id}`, () => withDb((db) => readSitemapSpans(db, brand.id)));
}

export type EventPage = { slug: string; lastmod: string };

/** The brand's event pages with ids in [from, to), in id order, each with the last change of what it shows (kept by the import). */
export async function readEventPages(db: Queryable, brandId: string, from: number, to: number): Promise<EventPage[]> {
  const rows = await db.query<{ slug: string; updated_at: Date | string }>(
    'SELECT slug, updated_at FROM events WHERE brand_id = $1 AND id >= $2 AND id < $3 ORDER BY id',
    [brandId, from, to],
  );
  return rows.map((r) => ({ slug: r.slug, lastmod: new Date(r.updated_at).toISOString() }));
}

export function eventPages(brand: Brand, from: number, to: number): Promise<EventPage[]> {
  return snapshot(`sitemap|${brand.id}|${from}|${to}`, () => withDb((db) => readEventPages(db, brand.id, from, to)));
}

/** The slugs of the brand's organizers with ids in [from, to) that have events listed at `now`, in id order. */
export async function readOrganizerPages(db: Queryable, brandId: string, from: number, to: number, now: Date): Promise<string[]> {
  const rows = await db.query<{ slug: string }>(
    'SELECT slug FROM producers WHERE brand_id = $1 AND id >= $2 AND id < $3 AND listed_until >= $4 ORDER BY id',
    [brandId, from, to, now.toISOString()],
  );
  return rows.map((r) => r.slug);
}

export function organizerPages(brand: Brand, from: number, to: number): Promise<string[]> {
  return snapshot(`sitemap-organizers|${brand.id}|${from}|${to}`, () => withDb((db) => readOrganizerPages(db, brand.id, from, to, new Date())));
}
