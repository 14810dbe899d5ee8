import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { toPublicDetail, toPublicListItem, type EventRow } from './map';
import type { EventDetail, EventList } from './public-schema';
import { MAX_OFFSET, toTsQuery, type ListQuery } from './query-params';
import { isSlug } from './record';
import { snapshot } from './snapshot-cache';

// Every column the public shape needs, and nothing else: internal columns are never selected.
const EVENT_COLUMNS = `
  e.id::int AS id, e.slug, e.name, e.description, e.status, e.starts_at, e.ends_at, e.timezone,
  e.is_online, e.is_closed, e.banner_url, e.thumbnail_url,
  v.name AS venue_name, v.city AS venue_city, v.state AS venue_state, v.state_abbr AS venue_state_abbr,
  v.formatted_address AS venue_address, v.latitude::text AS venue_latitude, v.longitude::text AS venue_longitude`;

type Where = { clauses: string[]; params: unknown[]; tsquery: string | null };

// The filters of a listing, without the time condition (params: $1 brand, $2 now).
function buildWhere(brand: Brand, query: ListQuery, now: Date): Where {
  const params: unknown[] = [brand.id, now.toISOString()];
  const clauses = ['e.brand_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (query.city) add((n) => `e.city_key = catalog_fold(${n})`, query.city);
  if (query.state) add((n) => `e.state_key = ${n}`, /^[a-z]{2}$/i.test(query.state) ? query.state.toLowerCase() : '');
  if (query.organization) {
    add((n) => `e.producer_id IN (SELECT id FROM producers WHERE brand_id = $1 AND slug = ${n})`, query.organization);
  }
  const tsquery = query.q ? toTsQuery(query.q) : null;
  if (tsquery) add((n) => `e.search_tsv @@ to_tsquery('simple', catalog_fold(${n}))`, tsquery);
  return { clauses, params, tsquery };
}

/**
 * One page of the brand's events that have not ended. Without a search term they come
 * soonest first; with one, most relevant first; ties by start and then id.
 */
export function listEvents(brand: Brand, query: ListQuery): Promise<EventList> {
  const key = `list|${brand.id}|${query.q ?? ''}|${query.city ?? ''}|${query.state ?? ''}|${query.organization ?? ''}|${query.page}|${query.perPage}`;
  return snapshot(key, () => queryEvents(brand, query, new Date()));
}

export type Sql = { text: string; params: unknown[] };

/**
 * The most events a listing counts: the deepest reachable offset plus one page. Past
 * it, `total` stops growing and `last_page` is the last page that can be reached, so
 * that counting costs the same on a catalog of any size.
 */
export const countCap = (perPage: number) => MAX_OFFSET + perPage;

/**
 * The two statements behind a listing page: the count (capped), and the page itself.
 *
 * Without a search term, listed events are read in three parts, each through an index:
 * those under way (started, not ended: few, found by the range index), those still to
 * start (a range of the start index, in order, where nothing needs to be skipped) and
 * those without a start. Read as one, the start index would be walked through every
 * event that has already ended.
 */
export function listSql(brand: Brand, query: ListQuery, now: Date): { count: Sql; page: Sql } {
  const { clauses, params, tsquery } = buildWhere(brand, query, now);
  const where = clauses.join(' AND ');
  const offset = (query.page - 1) * query.perPage;
  const cap = countCap(query.perPage);
  if (tsquery) {
    const listed = `${where} AND e.listed_until >= $2`;
    const rank = `ts_rank_cd(e.search_tsv, to_tsquery('simple', catalog_fold($${params.length}))) DESC, `;
    return {
      count: { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM events e WHERE ${listed} LIMIT ${cap}) t`, params },
      page: {
        text: `SELECT ${EVENT_COLUMNS}
               FROM events e LEFT JOIN venues v ON v.id = e.venue_id
               WHERE ${listed}
               ORDER BY ${rank}e.starts_at ASC NULLS LAST, e.id ASC
               LIMIT ${query.perPage} OFFSET ${offset}`,
        params,
      },
    };
  }
  // Events under way (started, not yet ended) are few whatever the catalog's size: they
  // are gathered first through the range index alone, then filtered and sorted.
  const underWay = `WITH under_way AS MATERIALIZED (
       SELECT e.id FROM events e
       WHERE e.starts_at IS NOT NULL AND tstzrange(e.starts_at, e.listed_until, '[]') @> $2::timestamptz AND e.starts_at < $2)`;
  const underWayFrom = 'under_way u JOIN events e ON e.id = u.id';
  // An event is listed at least until it starts (import derives listed_until so).
  const upcoming = `${where} AND e.starts_at >= $2`;
  const unscheduled = `${where} AND e.starts_at IS NULL AND e.listed_until >= $2`;
  const limit = offset + query.perPage;
  const ordered = (from: string, part: string) =>
    `(SELECT e.id, e.starts_at FROM ${from} WHERE ${part} ORDER BY e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${limit})`;
  const counted = (from: string, part: string) => `(SELECT 1 FROM ${from} WHERE ${part} LIMIT ${cap})`;
  return {
    count: {
      text: `${underWay}
             SELECT count(*)::int AS total FROM (${counted(underWayFrom, where)} UNION ALL ${counted('events e', upcoming)} UNION ALL ${counted('events e', unscheduled)} LIMIT ${cap}) t`,
      params,
    },
    page: {
      text: `${underWay}
             SELECT ${EVENT_COLUMNS}
             FROM (SELECT id, starts_at FROM (${ordered(underWayFrom, where)} UNION ALL ${ordered('events e', upcoming)} UNION ALL ${ordered('events e', unscheduled)}) u
                   ORDER BY starts_at ASC NULLS LAST, id ASC LIMIT ${query.perPage} OFFSET ${offset}) picked
             JOIN events e ON e.id = picked.id
             LEFT JOIN venues v ON v.id = e.venue_id
             ORDER BY picked.starts_at ASC NULLS LAST, picked.id ASC`,
      params,
    },
  };
}

/** listEvents without the snapshot cache, at a given instant. */
export async function queryEvents(brand: Brand, query: ListQuery, now: Date): Promise<EventList> {
  const sql = listSql(brand, query, now);
  const offset = (query.page - 1) * query.perPage;
  return withDb(async (db) => {
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

/** The statement behind the detail of one event. */
export function eventSql(brand: Brand, slug: string): Sql {
  return {
    text: `SELECT ${EVENT_COLUMNS}, p.name AS producer_name, p.slug AS producer_slug
       FROM events e
       LEFT JOIN venues v ON v.id = e.venue_id
       LEFT JOIN producers p ON p.id = e.producer_id
       WHERE e.brand_id = $1 AND e.slug = $2`,
    params: [brand.id, slug],
  };
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
