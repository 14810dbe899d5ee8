import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { eventSql, listSql } from './list-sql';
import { toPublicDetail, toPublicListItem, type EventRow } from './map';
import type { EventDetail, EventList } from './public-schema';
import { MAX_OFFSET, type ListQuery } from './query-params';
import { isSlug } from './record';
import { RADIUS_KM } from './search-filters';
import { searchTerms } from './search-sql';
import { snapshot } from './snapshot-cache';

// The catalog's queries: a listing page, one event, the catalog's state. The statements
// they run are built in list-sql.ts.

/**
 * One page of the brand's events that have not ended. Without a search term they come
 * soonest first; with one, most relevant first; ties by start and then id.
 */
export function listEvents(brand: Brand, query: ListQuery): Promise<EventList> {
  const near = query.near ? `${query.near.lat},${query.near.lng},${query.radiusKm ?? RADIUS_KM.default}` : '';
  const key = `list|${brand.id}|${query.q ?? ''}|${query.city ?? ''}|${query.state ?? ''}|${query.organization ?? ''}|${query.page}|${query.perPage}|${query.dateFrom ?? ''}|${query.dateTo ?? ''}|${near}|${query.sort ?? ''}`;
  return snapshot(key, () => queryEvents(brand, query, new Date()));
}

/** listEvents without the snapshot cache, at a given instant. */
export async function queryEvents(brand: Brand, query: ListQuery, now: Date): Promise<EventList> {
  const offset = (query.page - 1) * query.perPage;
  return withDb(async (db) => {
    const sql = listSql(brand, query, now, await searchTerms(db, brand, query.q));
    const [countRow] = await db.query<{ total: number }>(sql.count.text, sql.count.params);
    const total = countRow?.total ?? 0;
    const rows = offset >= total || offset > MAX_OFFSET ? [] : await db.query<EventRow>(sql.page.text, sql.page.params);
    return {
      data: rows.map((r) => toPublicListItem(brand, r)),
      meta: {
        total,
        per_page: query.perPage,
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  });
}

/** One event of the brand by slug, or null. Ended events stay reachable here. */
export function getEvent(brand: Brand, slug: string): Promise<EventDetail | null> {
  return snapshot(`event|${brand.id}|${slug}`, () => queryEvent(brand, slug));
}

/** getEvent for a slug from outside: one the catalog could never hold needs no query. */
export function findEvent(brand: Brand, slug: string): Promise<EventDetail | null> {
  return isSlug(slug) ? getEvent(brand, slug) : Promise.resolve(null);
}

async function queryEvent(brand: Brand, slug: string): Promise<EventDetail | null> {
  const sql = eventSql(brand, slug);
  return withDb(async (db) => {
    const [row] = await db.query<EventRow>(sql.text, sql.params);
    return row ? toPublicDetail(brand, row) : null;
  });
}

/** Whether the catalog answers, for the health document. */
export async function catalogState(): Promise<{ version: number; updated_at: string }> {
  return withDb(async (db) => {
    const [row] = await db.query<{ version: string; updated_at: Date | string }>(
      'SELECT version::text AS version, updated_at FROM catalog_state WHERE id = 1',
    );
    return { version: Number(row?.version ?? 0), updated_at: new Date(row?.updated_at ?? 0).toISOString() };
  });
}
