import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import type { Queryable } from '../db/types';
import { snapshot } from './snapshot-cache';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_LIMIT = 50_000;

export function countEventPages(brand: Brand): Promise<number> {
  return snapshot(`sitemap-count|${brand.id}`, () =>
    withDb(async (db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE brand_id = $1', [brand.id]))[0]?.n ?? 0),
  );
}

export type EventPage = { slug: string; lastmod: string };

/** Event pages in id order, each with the last change of what it shows (kept by the import). */
export async function readEventPages(db: Queryable, brandId: string, offset: number, limit: number): Promise<EventPage[]> {
  const rows = await db.query<{ slug: string; updated_at: Date | string }>(
    'SELECT slug, updated_at FROM events WHERE brand_id = $1 ORDER BY id LIMIT $2 OFFSET $3',
    [brandId, limit, offset],
  );
  return rows.map((r) => ({ slug: r.slug, lastmod: new Date(r.updated_at).toISOString() }));
}

/** One file's worth of event pages, in a stable order. */
export function eventPages(brand: Brand, offset: number, limit: number): Promise<EventPage[]> {
  return snapshot(`sitemap|${brand.id}|${offset}|${limit}`, () => withDb((db) => readEventPages(db, brand.id, offset, limit)));
}
