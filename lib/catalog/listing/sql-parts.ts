import type { Brand } from '../../brand/schema';
import { ALL_FILTERS } from '../filters';
import { TERM_COLUMNS } from '../search/search-sql';
import { CARD_SQL } from './cards';
import { maxOffset, type ListQuery } from './query-params';

// What the listing's statements (list-sql.ts, keyed-sql.ts) are built from: the columns
// an event's card reads, a listing's filters as a WHERE clause, the count's cap, the
// events under way, and the ways a page of ids is cut and read.

// Every column the public shape needs, and nothing else: internal columns are never selected.
export const EVENT_COLUMNS = `
  e.id::int AS id, e.slug, e.name, e.description, e.status, e.starts_at, e.ends_at, e.timezone,
  e.is_online, e.is_closed, e.banner_url, e.thumbnail_url,
  v.name AS venue_name, v.city AS venue_city, v.state AS venue_state, v.state_abbr AS venue_state_abbr,
  v.formatted_address AS venue_address, v.latitude::text AS venue_latitude, v.longitude::text AS venue_longitude`;

/**
 * A listing's filters: `clauses` on an events row `e`, their `params` and `add` to bind
 * more; `underWay`, where the events under way that may meet them are read (UNDER_WAY_FROM,
 * or nothing where a filter starts them all after now), binding what it reads when first
 * called: a statement that reads no event under way binds nothing for them (a statement
 * cannot have parameters it never reads).
 */
export type Where = { clauses: string[]; params: unknown[]; add: (value: unknown) => string; underWay: UnderWay };

/** Where a statement reads the events under way that may meet its filters (see Where). */
export type UnderWay = () => string;
/** The events under way, every one of them. */
export const UNGATED: UnderWay = () => UNDER_WAY_FROM;

// The filters of a listing, without the time condition (params: $1 brand, $2 now), each
// from its declaration (lib/catalog/filters).
export function buildWhere(brand: Brand, query: ListQuery, now: Date): Where {
  const params: unknown[] = [brand.id, now.toISOString()];
  // Near a point whose venues were looked up first, the events come by venue, and those
  // venues are the brand's: the brand is checked on each event, never read through an
  // index of its own, whose hundreds of thousands of entries the planner would otherwise
  // intersect with the venues' for nothing.
  const clauses = [query.venues ? '(e.brand_id = $1) IS TRUE' : 'e.brand_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const filter of ALL_FILTERS) clauses.push(...(filter.sql?.where?.(query as never, add) ?? []));
  // A filter whose events all start from now on meets none of those under way: the gate
  // reads no event's column, so it is decided once, before the events under way are read.
  let gated: string | undefined;
  const underWay = () => {
    if (gated === undefined) {
      const gates = ALL_FILTERS.flatMap((f) => {
        const from = f.sql?.startsFrom?.(query as never, add);
        return from ? [from] : [];
      });
      gated = gates.length === 0 ? UNDER_WAY_FROM : `(SELECT * FROM under_way WHERE ${gates.map((g) => `${g} < $2::timestamptz`).join(' AND ')}) e`;
    }
    return gated;
  };
  return { clauses, params, add, underWay };
}

/** A statement, and whether it runs prepared (lib/db/types.ts, QueryOptions). */
export type Sql = { text: string; params: unknown[]; prepare?: boolean };

/**
 * The most events a listing counts: the deepest reachable offset plus one page (a
 * search's is lower, see SEARCH_MAX_OFFSET). Past it, `total` stays at the cap, with
 * `total_relation` "gte", and `last_page` is the last page that can be reached, so that
 * counting costs the same on a catalog of any size.
 */
export const countCap = (perPage: number, search = false) => maxOffset(search) + perPage;

// Events under way (started, not yet ended) are few whatever the catalog's size: they
// are gathered first through the range index, which the brand leads (migration 024),
// with every column a filter or a search term reads, then filtered and sorted without
// going back to the table.
// The columns are those the search terms read, and every filter's.
const UNDER_WAY_COLUMNS = [
  ...new Set([
    ...['id', 'brand_id', 'starts_at', 'listed_until', 'timezone', 'venue_id', 'producer_id', 'age_rating', 'min_price_cents'],
    ...TERM_COLUMNS,
    ...ALL_FILTERS.flatMap((f) => f.sql?.columns ?? []),
  ]),
];
export const UNDER_WAY = `WITH under_way AS MATERIALIZED (
     SELECT ${UNDER_WAY_COLUMNS.map((c) => `e.${c}`).join(', ')}
     FROM events e
     WHERE e.brand_id = $1 AND e.starts_at IS NOT NULL AND tstzrange(e.starts_at, e.listed_until, '[]') @> $2::timestamptz AND e.starts_at < $2)`;
export const UNDER_WAY_FROM = 'under_way e';

/**
 * A listing's count and its page as one statement, one round trip: a row of the count
 * (`total`) with the page's columns, one row per event of the page, in its order. The page
 * is read only when the count reaches past `offset` (a one-time filter: a page past the
 * end costs only its count); otherwise the single row's page columns are null.
 *
 * With `cards`, each event of the page comes with what its card shows (cards.ts, CARD_SQL).
 *
 * Both statements stay as they are written and explained on their own (list-sql.ts); here
 * the events under way are gathered once for both, the count's brand and instant ($1, $2)
 * are the page's, and its other parameters follow the page's.
 */
export function countedPage(count: Sql, page: Sql, offset: number, cards = false): Sql {
  if (!page.text.startsWith(UNDER_WAY)) throw new Error('a page statement starts with the events under way');
  const shared = (k: number) => k <= 2 && count.params[k - 1] === page.params[k - 1];
  const params = [...page.params];
  const numbers = count.params.map((value, i) => {
    if (shared(i + 1)) return i + 1;
    params.push(value);
    return params.length;
  });
  if (count.text.startsWith(UNDER_WAY) && !(shared(1) && shared(2))) throw new Error('a count reads the events under way of the page');
  const countBody = (count.text.startsWith(UNDER_WAY) ? count.text.slice(UNDER_WAY.length) : count.text).replace(/\$(\d+)\b/g, (_, k: string) => `$${numbers[Number(k) - 1]}`);
  const pageBody = page.text.slice(UNDER_WAY.length).trimStart();
  return {
    text: `${UNDER_WAY}
     SELECT counted.total, p.*${cards ? ', k.*' : ''} FROM (${countBody}) counted
     LEFT JOIN LATERAL (SELECT * FROM (${pageBody.startsWith(',') ? `WITH ${pageBody.slice(1)}` : pageBody}) p WHERE counted.total > ${offset}) p ON true${cards ? `
     LEFT JOIN LATERAL (${CARD_SQL}) k ON true` : ''}`,
    params,
    prepare: Boolean(count.prepare && page.prepare),
  };
}

/** Soonest first, then by id: the order of a listing by date. */
export const BY_START = ['starts_at ASC NULLS LAST', 'id ASC'];

/**
 * A page of events in the order they were picked: `rows` selects their ids with the
 * columns `order` names; the page is cut there, then each event is read by its id.
 */
export function pickedPage(rows: string, order: string[], perPage: number, offset: number, extra = ''): string {
  return `SELECT ${EVENT_COLUMNS}${extra}
             FROM (${rows}
                   ORDER BY ${order.join(', ')} LIMIT ${perPage} OFFSET ${offset}) picked
             JOIN events e ON e.id = picked.id
             LEFT JOIN venues v ON v.id = e.venue_id
             ORDER BY ${order.map((o) => `picked.${o}`).join(', ')}`;
}

/**
 * The listed events that meet a condition, in three parts, each through an index: those
 * under way (found by the range index, read from `underWay`: see Where), those still to
 * start (a range of the start index, in order, where nothing needs to be skipped) and
 * those without a start. Read as one, the start index would be walked through every event
 * that has already ended.
 */
export function listedParts(where: string, select: (from: string, part: string) => string, underWay: UnderWay = UNGATED): string[] {
  // An event is listed at least until it starts (import derives listed_until so).
  return [
    select(underWay(), where),
    select('events e', `${where} AND e.starts_at >= $2`),
    select('events e', `${where} AND e.starts_at IS NULL AND e.listed_until >= $2`),
  ];
}

/**
 * The listed events that meet `cond` at the venues near a point (`near_venues`), with
 * the distance of their venue: all those under way (few), and at each venue at most
 * `limit` of those to come and without a start, soonest first, each a range of the
 * (venue, start) index, so that the events of a venue that have ended are never read.
 * Among them are the first `limit` of every venue, and so of all the venues.
 */
export function nearEvents(cond: string, limit: number): string {
  return `${underWayNear(cond)}
          UNION ALL
          SELECT x.id, x.starts_at, nvs.distance FROM near_venues nvs
          CROSS JOIN LATERAL ${venueEvents(cond, limit)} x`;
}

/**
 * The candidates of a page by distance (nearest venue, then soonest): the events under
 * way at the venues near the point (few), and the others venue by venue, nearest first,
 * until `limit` are found and the venues as near as the last one are read too (WITH
 * TIES). Every event of a page ranks among them, and the venues farther off are never
 * read: where few events meet `cond` (a word), the nearest venues give a page without
 * the events of a hundred venues each being probed.
 */
export function nearestEvents(cond: string, limit: number): string {
  return `${underWayNear(cond)}
          UNION ALL
          (SELECT x.id, x.starts_at, nvs.distance FROM (SELECT id, distance FROM near_venues ORDER BY distance) nvs
           CROSS JOIN LATERAL ${venueEvents(cond, limit)} x
           ORDER BY nvs.distance FETCH FIRST ${limit} ROWS WITH TIES)`;
}

/** The events under way at the venues near the point that meet `cond`. */
const underWayNear = (cond: string) => `SELECT e.id, e.starts_at, nvs.distance FROM ${UNDER_WAY_FROM} JOIN near_venues nvs ON nvs.id = e.venue_id WHERE ${cond}`;

/** At the venue `nvs`, at most `limit` events to come and without a start that meet `cond`, soonest first. */
function venueEvents(cond: string, limit: number): string {
  const part = (extra: string) =>
    `(SELECT e.id, e.starts_at FROM events e WHERE e.venue_id = nvs.id AND ${cond}${extra} ORDER BY e.starts_at ASC NULLS LAST, e.id ASC LIMIT ${limit})`;
  return `(${part(' AND e.starts_at >= $2')} UNION ALL ${part(' AND e.starts_at IS NULL AND e.listed_until >= $2')})`;
}
