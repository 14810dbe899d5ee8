import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import type { Queryable } from '../../db/types';
import { RADIUS_KM } from '../filters/near';
import { nearVenuesSql, type NearVenue } from '../near-sql';
import { filterShares, readFilterShares, type FilterShares } from './filter-shares';
import { listSql } from './list-sql';
import { carriesFilter } from './postings-keys';
import { countCap, countedPage } from './sql-parts';
import { toPublicListItem, type EventRow } from '../map';
import { cardsOf, type CardColumns, type Cards } from './cards';
import type { EventList, EventListItem } from '../public-schema';
import { maxOffset, type ListQuery } from './query-params';
import { filtersKey } from './search-filters';
import { withCatalogAccents } from '../search/accents';
import { correctedText, searchTerms } from '../search/resolve';
import type { Places } from '../search/search-terms';
import { snapshot } from '../snapshot-cache';

// The catalog's queries: a listing page, the catalog's state. The statements they run
// are built in list-sql.ts; one event is read by event/read.ts.

/**
 * A listing page and what the search made of the words: `unmatched` lists the words
 * (as typed) that no event matches all together, when the search has several and the
 * page shows events that match some of them; null otherwise. `corrected` is the search
 * text with the words read as typos replaced and every word spelled as the catalog writes it
 * ("forro em salvadro" → "forró em salvador"), or null.
 */
export type SearchResult = { list: EventList; unmatched: string[] | null; corrected: string | null };

/**
 * One page of the brand's events that have not ended, and what the search made of its
 * words. Without a search term they come soonest first; with one, most relevant first;
 * ties by start and then id. Read through the snapshot cache; `at` reads afresh at a given
 * instant (on a given database: tests and benchmarks).
 */
export function listEvents(brand: Brand, query: ListQuery, at?: { now: Date; db?: Queryable }): Promise<SearchResult> {
  if (at) return readListing(brand, query, at);
  return snapshot(listingKey(brand, query), () => readListing(brand, query, { now: new Date() }));
}

/**
 * A listing page as people browse it (the site, MCP, A2A): listEvents, and each event's
 * card (cards.ts), read with the page. `places`: the catalog's places, when the caller
 * holds them (the listing's filter options carry them).
 */
export function listEventCards(brand: Brand, query: ListQuery, known: { places?: Places } = {}): Promise<SearchResult & Cards> {
  return snapshot(`cards|${listingKey(brand, query)}`, () => readListing(brand, query, { now: new Date(), cards: true, places: known.places }));
}

/** The snapshot key of a listing: every filter has its part (lib/catalog/filters), so different questions never share an answer. */
export const listingKey = (brand: Brand, query: ListQuery): string => `list|${brand.id}|${query.q ?? ''}|${query.page}|${query.perPage}|${filtersKey(query)}`;

/**
 * How a listing is read: at `now`, on `db` (the pool when none), with each event's card
 * when `cards`, and with the catalog's `places` when the caller holds them.
 */
type Reading = { now: Date; db?: Queryable; cards?: boolean; places?: Places };

async function readListing(brand: Brand, query: ListQuery, how: Reading & { cards: true }): Promise<SearchResult & Cards>;
async function readListing(brand: Brand, query: ListQuery, how: Reading): Promise<SearchResult>;
async function readListing(brand: Brand, query: ListQuery, { now, db: on, cards = false, places }: Reading): Promise<SearchResult & Partial<Cards>> {
  const offset = (query.page - 1) * query.perPage;
  const run = on ? <T>(fn: (db: Queryable) => Promise<T>) => fn(on) : withDb;
  return run(async (db) => {
    const terms = await searchTerms(db, brand, query.q, places);
    const search = terms.length > 0;
    const sql = listSql(brand, await withNearVenues(db, brand, query), now, terms, await sharesFor(db, brand, query, now, Boolean(on)));
    const deepest = maxOffset(search);
    // A page within reach comes with its count in one statement; past the deepest offset only the count is read.
    const counted = offset > deepest ? sql.count : countedPage(sql.count, sql.page, offset, cards);
    type Row = EventRow & CardColumns & { total: number; complete?: boolean };
    const result = await db.query<Partial<Row> & { total: number }>(counted.text, counted.params, { prepare: counted.prepare });
    const total = result[0]?.total ?? 0;
    const rows = result.filter((r): r is Row => r.id != null);
    const list = {
      data: rows.map((r) => toPublicListItem(brand, r)),
      meta: pageMeta(total, countCap(query.perPage, search), deepest, query),
    };
    const fixed = query.q ? correctedText(query.q, terms) : null;
    return {
      list,
      ...(cards ? cardsOf(rows) : {}),
      unmatched: rows[0]?.complete === false ? terms.map((t) => (t.kind === 'text' && t.corrected) || t.label) : null,
      corrected: fixed === null ? null : await withCatalogAccents(db, brand, fixed),
    };
  });
}

/**
 * The soonest `limit` events of a listing (its filters and search words, sorted by date),
 * read by one statement: the page's, without the count a listing page needs for its
 * pages. What it costs grows with `limit`, not with the events that match. Events
 * without a start are left out (they come last). `at` as for listEvents.
 */
export async function soonestListed(brand: Brand, query: ListQuery, limit: number, at?: { now: Date; db?: Queryable }): Promise<EventListItem[]> {
  const read = async (db: Queryable, now: Date) => {
    const terms = await searchTerms(db, brand, query.q);
    const shares = await sharesFor(db, brand, query, now, Boolean(at?.db));
    const { page } = listSql(brand, { ...(await withNearVenues(db, brand, query)), sort: 'date', page: 1, perPage: limit }, now, terms, shares);
    const rows = await db.query<EventRow>(page.text, page.params);
    return rows.filter((r) => r.starts_at !== null).map((r) => toPublicListItem(brand, r));
  };
  if (at?.db) return read(at.db, at.now);
  return withDb((db) => read(db, at?.now ?? new Date()));
}

/**
 * The brand's listed events by state and category, when the query has a filter that the
 * postings carry (they choose how it is read, filter-shares.ts): on a database of its own
 * (`fresh`: tests, benchmarks) read afresh, and the catalog's kept a while.
 */
export async function sharesFor(db: Queryable, brand: Brand, query: ListQuery, now: Date, fresh: boolean): Promise<FilterShares | undefined> {
  if (!carriesFilter(query)) return undefined;
  const read = () => readFilterShares(db, brand, now);
  return fresh ? read() : filterShares(brand, read);
}

/**
 * The query with the venues near its point and their distances, when it has one, read
 * first (lib/catalog/filters/near.ts): one short statement through the venue position
 * index. The listing's statements carry them and compute no distance again.
 */
export async function withNearVenues(db: Queryable, brand: Brand, query: ListQuery): Promise<ListQuery> {
  if (!query.near) return query;
  const sql = nearVenuesSql(brand.id, query.near, query.radiusKm ?? RADIUS_KM.default);
  const rows = await db.query<NearVenue>(sql.text, sql.params);
  return { ...query, venues: rows.map((r) => ({ id: r.id, distance: Number(r.distance) })) };
}

/**
 * A count that reached its cap is a lower bound ("gte", as Elasticsearch's hits.total);
 * the last page is the last one whose offset can be reached.
 */
export function pageMeta(total: number, cap: number, deepest: number, query: Pick<ListQuery, 'page' | 'perPage'>): EventList['meta'] {
  return {
    total,
    total_relation: total >= cap ? 'gte' : 'eq',
    per_page: query.perPage,
    current_page: query.page,
    last_page: Math.max(1, Math.min(Math.ceil(total / query.perPage), Math.floor(deepest / query.perPage) + 1)),
  };
}

/** Whether the catalog answers, for the health document. */
export async function catalogState(): Promise<{ version: number; updated_at: string; read_only: boolean }> {
  return withDb(async (db) => {
    const [row] = await db.query<{ version: string; updated_at: Date | string; read_only: boolean }>(
      `SELECT version::text AS version, updated_at, current_setting('transaction_read_only') = 'on' AS read_only FROM catalog_state WHERE id = 1`,
    );
    return { version: Number(row?.version ?? 0), updated_at: new Date(row?.updated_at ?? 0).toISOString(), read_only: row?.read_only ?? false };
  });
}
