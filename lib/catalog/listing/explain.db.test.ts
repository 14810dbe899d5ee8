import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fillCatalog } from '../../../e2e/support/catalog-backends';
import { createTestDatabase, postgresReachable } from '../../../e2e/support/postgres';
import { brandRegistry } from '../../brand/registry';
import { openPostgres } from '../../db/postgres';
import type { Db, Queryable, QueryOptions } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { listEvents } from './events';
import { readFilterOptionRows, readListedFacets } from '../filters/options';
import { readListedOrganizer } from './landing-subjects';
import { readOrganizerFacts } from './organizers';
import { readEventView } from '../event/read';
import { withNearVenues } from './events';
import { readFilterShares } from './filter-shares';
import { listSql } from './list-sql';
import { CANDIDATE_BLOCK } from './search-page-sql';
import { countCap, countedPage } from './sql-parts';
import { nearVenues } from '../near-sql';
import { readSimilarEvents } from './similar';
import { parseListQuery } from './query-params';
import { EDIT_SPELLINGS_SQL, searchTerms } from '../search/resolve';
import { oneEditAway } from '../search/search-terms';
import { readEventPages, readOrganizerPages, readSitemapSpans } from './sitemap';

const available = await postgresReachable();
const EVENTS = 30_000;

type PlanNode = {
  'Node Type': string;
  Strategy?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
};

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

// On a catalog large enough for the planner to care, the hot statements (the very SQL
// the API runs) reach events through indexes, never a sequential scan.
describe.skipIf(!available && process.env.CI !== 'true')(`query plans on ${EVENTS} events (PostgreSQL)`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const brands = brandRegistry().brands;
  const brand = brands[0]!;

  beforeAll(async () => {
    const created = await createTestDatabase('catalog_plan');
    drop = created.drop;
    // Statement timeout for the import of 30,000 events and its index builds: it bounds a hung server; the longest statement takes seconds.
    db = openPostgres(created.url, 60_000, 4);
    await fillCatalog(db, brands, generateDemo({ brands, events: EVENTS, seed: 7 }));
    await db.query('VACUUM ANALYZE');
  }, 600_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /**
   * The plan of a statement for its parameters, or (`generic`) the plan that a prepared
   * statement may keep for every value of them, which the server then runs instead.
   */
  async function plan(sql: { text: string; params: unknown[]; prepare?: boolean }, generic = false): Promise<PlanNode[]> {
    // A listing's prepared statement: the plan PostgreSQL may keep for every value
    // reaches the events and the postings through indexes too.
    if (!generic && sql.prepare) {
      for (const n of await plan(sql, true)) {
        if (n['Relation Name'] === 'events' || n['Relation Name'] === 'search_postings') expect(n['Node Type'], `the generic plan of ${sql.text}`).not.toBe('Seq Scan');
      }
    }
    return explain(sql, { generic });
  }
  type Analyzed = PlanNode & { 'Actual Loops'?: number };
  /**
   * The nodes of a statement's plan, for its parameters (on `db` or a transaction's `on`)
   * or (`generic`) the plan a prepared statement may keep for every value of them; with
   * `analyze`, run, each node with how often it ran.
   */
  async function explain(sql: { text: string; params: unknown[] }, { generic = false, analyze = false, on = db as Queryable } = {}): Promise<Analyzed[]> {
    type Explained = { 'QUERY PLAN': Array<{ Plan: PlanNode }> };
    const options = `${analyze ? 'ANALYZE, ' : ''}FORMAT JSON`;
    if (!generic) {
      const [row] = await on.query<Explained>(`EXPLAIN (${options}) ${sql.text}`, sql.params);
      return nodes(row!['QUERY PLAN'][0]!.Plan);
    }
    // EXECUTE takes no parameters of the protocol: its arguments are written as literals.
    const name = `generic_plan_${++prepares}`;
    return db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(`PREPARE ${name} AS ${sql.text}`);
      const [row] = await tx.query<Explained>(`EXPLAIN (${options}) EXECUTE ${name}(${sql.params.map(literal).join(', ')})`);
      await tx.query(`DEALLOCATE ${name}`);
      return nodes(row!['QUERY PLAN'][0]!.Plan);
    });
  }
  let prepares = 0;
  const literal = (v: unknown): string =>
    v === null || v === undefined ? 'NULL'
    : Array.isArray(v) ? `ARRAY[${v.map(literal).join(', ')}]`
    : typeof v === 'number' || typeof v === 'boolean' ? String(v)
    : `'${String(v).replace(/'/g, "''")}'`;
  /** Both plans a prepared statement may run: for its parameters, and its generic one. */
  const PLANS = [
    ['its parameters', false],
    ['generic', true],
  ] as const;

  const producerSlug = async () => (await db.query<{ slug: string }>(`SELECT slug FROM producers WHERE brand_id = $1 LIMIT 1`, [brand.id]))[0]!.slug;

  const cases: Array<[string, () => Promise<string>]> = [
    ['default listing', async () => ''],
    ['search', async () => 'q=forro'],
    ['search with accents', async () => 'q=s%C3%A3o+paulo'],
    ['city', async () => 'city=goiania'],
    ['state', async () => 'state=pe'],
    ['organization', async () => `organization=${await producerSlug()}`],
    ['search and state', async () => 'q=festival&state=sp'],
    ['natural search with a place', async () => `q=${encodeURIComponent('forró em Recife')}`],
    ['search with a typo', async () => 'q=forro+recfie'],
    ['search sorted by date', async () => 'q=jazz+sp&sort=date'],
    ['date range', async () => 'date_from=2026-12-01&date_to=2026-12-07'],
    ['date from', async () => 'date_from=2027-01-10'],
    ['near', async () => 'near=-8.05,-34.88&radius_km=30'],
    ['near sorted by distance', async () => 'near=-23.55,-46.63&sort=distance'],
    ['search, dates and near', async () => 'q=samba&date_from=2026-12-01&date_to=2027-03-01&near=-22.9,-43.17&radius_km=100'],
    ['search near, by distance', async () => 'q=forro&near=-8.05,-34.88&radius_km=150&sort=distance'],
  ];

  test.each(cases)('%s: count and page use indexes on events', async (_, qs) => {
    const query = parseListQuery(new URLSearchParams(await qs()));
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), await searchTerms(db, brand, query.q));
    for (const statement of [sql.count, sql.page]) {
      const all = await plan(statement);
      const onEvents = all.filter((n) => n['Relation Name'] === 'events');
      expect(onEvents.length, JSON.stringify(all.map((n) => n['Node Type']))).toBeGreaterThan(0);
      for (const n of onEvents) expect(n['Node Type'], statement.text.slice(0, 80)).not.toBe('Seq Scan');
      // Without a search term, the events under way come from the range index, not from
      // a walk through the start index.
      if (!statement.text.includes('search_tsv') && statement.text.includes('under_way')) {
        expect(all.map((n) => n['Index Name'])).toContain('events_under_way_idx');
      }
      // A search without dates or near reads the postings, index only: no heap of theirs.
      if (query.q && !query.near && !query.dateFrom) {
        const onPostings = all.filter((n) => n['Relation Name'] === 'search_postings');
        expect(onPostings.length).toBeGreaterThan(0);
        for (const n of onPostings) expect(n['Node Type'], JSON.stringify(n['Index Name'])).toBe('Index Only Scan');
      }
      // Venues near a point are read by position or events by venue: through an index either way.
      if (query.near) {
        const indexes = all.map((n) => n['Index Name']);
        expect(indexes.includes('venues_position_idx') || indexes.includes('events_venue_start_idx'), JSON.stringify(indexes)).toBe(true);
      }
    }
  });

  test.each(cases)('%s: the count and its page (with their cards) in one statement answer as the two apart', async (_, qs) => {
    const query = parseListQuery(new URLSearchParams(await qs()));
    const now = new Date();
    const terms = await searchTerms(db, brand, query.q);
    for (const page of [1, 2]) {
      const sql = listSql(brand, await withNearVenues(db, brand, { ...query, page }), now, terms);
      const offset = (page - 1) * query.perPage;
      const [{ total }] = (await db.query<{ total: number }>(sql.count.text, sql.count.params)) as [{ total: number }];
      const apart = total > offset ? await db.query<{ id: number }>(sql.page.text, sql.page.params) : [];
      for (const cards of [false, true]) {
        const one = countedPage(sql.count, sql.page, offset, cards);
        const rows = await db.query<{ total: number; id: number | null; lots?: number }>(one.text, one.params);
        expect(rows.every((r) => r.total === total)).toBe(true);
        expect(rows.filter((r) => r.id !== null).map((r) => r.id)).toEqual(apart.map((r) => r.id));
        if (cards) expect(rows.filter((r) => r.id !== null).every((r) => typeof r.lots === 'number')).toBe(true);
        // Its plans, for its parameters and kept for every value, read events, postings and tickets through indexes.
        const read = ['events', 'search_postings', 'ticket_sectors', 'ticket_lots'];
        for (const n of await plan(one)) if (read.includes(n['Relation Name'] ?? '')) expect(n['Node Type'], n['Relation Name']).not.toBe('Seq Scan');
      }
    }
  });

  test('a page past the end of its count is never read', async () => {
    const query = parseListQuery(new URLSearchParams('q=forro&page=40'));
    const sql = listSql(brand, query, new Date(), await searchTerms(db, brand, query.q));
    const one = countedPage(sql.count, sql.page, (query.page - 1) * query.perPage);
    type Analyzed = PlanNode & { 'Actual Loops'?: number };
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: Analyzed }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${one.text}`, one.params);
    const all = nodes(row!['QUERY PLAN'][0]!.Plan) as Analyzed[];
    const rows = await db.query<{ total: number; id: number | null }>(one.text, one.params);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.total).toBeLessThanOrEqual((query.page - 1) * query.perPage);
    expect(rows[0]!.id).toBeNull();
    // The page's reads of the events' rows (its candidates and its picked events by id) never ran.
    const pageReads = all.filter((n) => n['Index Name'] === 'events_pkey');
    expect(pageReads.length).toBeGreaterThan(0);
    for (const n of pageReads) expect(n['Actual Loops']).toBe(0);
  });

  test.each([
    ['one feature', 'accessibility=libras', ' x:libras'],
    ['two features', 'accessibility=wheelchair,audio_description', ' x:audio_description'],
    ['a feature and a search', 'q=forro&accessibility=wheelchair', ' x:wheelchair'],
    ['a feature, a search and a category', 'q=festival&category=festivais&accessibility=reserved_seats', ' x:reserved_seats'],
  ])('accessibility, %s: count and page walk or probe the postings (index only), never a scan of events', async (_, qs, key) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), await searchTerms(db, brand, query.q));
    for (const statement of [sql.count, sql.page]) {
      expect(statement.params).toContain(key);
      const all = await plan(statement);
      for (const n of all.filter((x) => x['Relation Name'] === 'events')) expect(n['Node Type'], statement.text.slice(0, 80)).not.toBe('Seq Scan');
      expect(all.map((n) => n['Index Name'])).toContain('events_under_way_idx');
      const onPostings = all.filter((n) => n['Relation Name'] === 'search_postings');
      expect(onPostings.length).toBeGreaterThan(0);
      for (const n of onPostings) expect(n['Node Type'], JSON.stringify(n['Index Name'])).toBe('Index Only Scan');
    }
  });

  // A word and a filter whose value every postings entry carries (migration 028: the
  // category, the state): the filter is read from the entries the word's walk reads, index
  // only, with no key of the filter read, joined or probed once per entry.
  async function readsCarriedFilter(qs: string, key: string, column: string, now = new Date()) {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, await withNearVenues(db, brand, query), now, await searchTerms(db, brand, query.q));
    for (const statement of [sql.count, sql.page]) {
      const onPostings = (await plan(statement)).filter((n) => n['Relation Name'] === 'search_postings');
      expect(onPostings.length, qs).toBeGreaterThan(0);
      for (const n of onPostings) {
        expect(n['Node Type'], qs).toBe('Index Only Scan');
        expect(n['Index Cond'] ?? '', qs).not.toContain(`'${key}'::text`);
      }
      expect(onPostings.filter((n) => n.Filter?.includes(`${column} = `)).length, JSON.stringify(onPostings.map((n) => n.Filter))).toBeGreaterThan(0);
    }
    return { query, sql };
  }

  test.each([
    ['a word and a state', 'q=festival&state=sp', ' s:sp', 'state_key'],
    ['a word and a category', 'q=samba&category=shows', ' k:shows', 'category'],
    ['a frequent word and a state', 'q=silva&state=sp', ' s:sp', 'state_key'],
    ['a frequent word and another state', 'q=maria&state=rj', ' s:rj', 'state_key'],
    ['a category and a state, no words', 'category=shows&state=sp', ' s:sp', 'state_key'],
  ])('%s: the filter is read from the entries walked, its key never read', async (_, qs, key, column) => {
    const now = new Date();
    const { query } = await readsCarriedFilter(qs, key, column, now);
    const { meta } = (await listEvents(brand, query, { now, db })).list;
    const words = query.q ? await searchTerms(db, brand, query.q) : [];
    const spellings = words[0]?.kind === 'text' ? words[0].spellings : [];
    if (words.length === 1 && words[0]!.kind === 'text') {
      const [{ n: exact }] = (await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= $2 AND ${column} = $3 AND search_tsv @@ $4::tsquery`,
        [brand.id, now.toISOString(), column === 'state_key' ? query.state : query.category, spellings.map((w) => `'${w}'`).join(' | ')],
      )) as [{ n: number }];
      expect(exact, qs).toBeGreaterThan(0);
      expect(meta.total, qs).toBe(Math.min(exact, 1_020));
    } else {
      expect(meta.total, qs).toBeGreaterThan(0);
    }
  });

  // A category in a city, as filters or as the only words on a city's listing: the one key
  // of its events there (migration 023), walked index only; the category's and the city's
  // own keys, whose entries meet only after tens of thousands at 1,000,000 events, unread.
  test.each([
    ['a category and a city', `category=festas&city=${encodeURIComponent('São Paulo')}`, ' kc:festas|sao paulo', [' k:festas', ' c:sao paulo']],
    ["a category's words on a city's listing", `q=teatro&city=${encodeURIComponent('Rio de Janeiro')}`, ' kc:teatro|rio de janeiro', [' k:teatro']],
  ])('%s: one walk of the key of the category in the city', async (_, qs, key, unread) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), await searchTerms(db, brand, query.q));
    for (const statement of [sql.count, sql.page]) {
      const all = await plan(statement);
      const onPostings = all.filter((n) => n['Relation Name'] === 'search_postings');
      const onKey = onPostings.filter((n) => n['Index Cond']?.includes(`'${key}'::text`));
      expect(onKey.length, JSON.stringify(onPostings.map((n) => n['Index Cond']))).toBeGreaterThan(0);
      for (const n of onPostings) expect(n['Node Type']).toBe('Index Only Scan');
      for (const k of unread) expect(onPostings.filter((n) => n['Index Cond']?.includes(`'${k}'::text`))).toEqual([]);
    }
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_postings WHERE brand_id = $1 AND term = $2`, [brand.id, key])) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });

  test.each([
    ['near a point', 'near=-23.55,-46.63&radius_km=100&sort=distance'],
    ['a word near a point', 'q=samba&near=-23.55,-46.63&radius_km=100&sort=distance'],
  ])("a page by distance, %s: the nearest venues' events are read until a page's depth, the venues farther off never", async (_, qs) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), await searchTerms(db, brand, query.q));
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.page.text}`, sql.page.params);
    const all = nodes(row!['QUERY PLAN'][0]!.Plan) as Array<PlanNode & { 'Actual Loops'?: number; 'Actual Rows'?: number; 'CTE Name'?: string }>;
    const venues = all.find((n) => n['Relation Name'] === 'venues' && n['Index Name'] === 'venues_position_idx') ?? all.find((n) => n['Relation Name'] === 'venues');
    const params: unknown[] = [brand.id];
    const near = nearVenues(query.near!, query.radiusKm!, (v) => `$${params.push(v)}`);
    const [{ n: inRadius }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${near}`, params)) as [{ n: number }];
    expect(inRadius).toBeGreaterThan(5);
    expect(venues).toBeDefined();
    const byVenue = all.filter((n) => n['Index Name'] === 'events_venue_start_idx' && n['Index Cond']?.includes('starts_at >='));
    expect(byVenue.length).toBeGreaterThan(0);
    for (const n of byVenue) expect(n['Actual Loops'], `${inRadius} venues in the radius`).toBeLessThan(inRadius);
  });

  test.each([
    ['a rare word, far and wide', 'q=hamlet&near=-23.55,-46.63&radius_km=500'],
    ['a common word', 'q=samba&near=-22.9,-43.17&radius_km=100'],
    ['a word, by distance', 'q=jazz&near=-23.55,-46.63&radius_km=100&sort=distance'],
  ])('a word near a point, %s: the count and the page read the word\'s index beside the venues\' events, never the brand\'s', async (_, qs) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, await withNearVenues(db, brand, query), new Date(), await searchTerms(db, brand, query.q));
    // The venues in the radius are a list of values: the planner knows how many events they hold.
    expect(sql.count.params.some((p) => Array.isArray(p) && p.length > 5)).toBe(true);
    for (const [name, statement] of [['count', sql.count], ['page', sql.page]] as const) {
      if (name === 'page' && query.sort === 'distance') continue; // read venue by venue, nearest first (the test above)
      const indexes = (await plan(statement)).map((n) => n['Index Name']);
      expect(indexes, name).toContain('events_search_idx');
      expect(indexes, name).not.toContain('events_listed_until_idx');
      expect(indexes, name).not.toContain('events_listing_idx');
    }
  });

  test('sorted by price: the events with nothing on sale are read from now on through the start index, never from the first event that ended', async () => {
    const sql = listSql(brand, parseListQuery(new URLSearchParams('sort=price'), { prices: true }), new Date());
    const all = await plan(sql.page);
    const byStart = all.filter((n) => n['Relation Name'] === 'events' && n['Index Name'] === 'events_listing_idx');
    expect(byStart.length).toBeGreaterThan(0);
    for (const n of byStart) expect(n['Index Cond'], JSON.stringify(n)).toMatch(/starts_at >=|starts_at IS NULL/);
    expect(all.map((n) => n['Index Name'])).toContain('events_price_idx');
    expect(all.map((n) => n['Index Name'])).toContain('events_under_way_idx');
    for (const n of all.filter((x) => x['Relation Name'] === 'events')) expect(n['Node Type']).not.toBe('Seq Scan');
  });

  test('a category alone is counted from the summary, never by walking its postings; with another filter, walked', async () => {
    const alone = listSql(brand, parseListQuery(new URLSearchParams('category=shows')), new Date());
    const all = await plan(alone.count);
    expect(all.map((n) => n['Relation Name'])).toContain('listed_event_days');
    expect(all.map((n) => n['Relation Name'])).not.toContain('search_postings');
    // Today's part: the category's events that end today, not every event of the category or of the day.
    expect(scans(all, 'events')).toEqual([expect.stringMatching(/events_category_listed_idx/)]);
    const withCity = listSql(brand, parseListQuery(new URLSearchParams('category=shows&city=Recife')), new Date());
    expect((await plan(withCity.count)).map((n) => n['Relation Name'])).toContain('search_postings');
  });

  test('filters walked by their keys are counted in two parts added together, with no set of ids made distinct, and exactly', async () => {
    const now = new Date();
    for (const [qs, category, city] of [['category=festas&city=S%C3%A3o%20Paulo', 'festas', 'sao paulo'], ['category=shows&city=Recife', 'shows', 'recife']] as const) {
      const sql = listSql(brand, parseListQuery(new URLSearchParams(qs)), now);
      const all = await plan(sql.count);
      expect(all.map((n) => n['Relation Name'])).toContain('search_postings');
      // Only plain aggregates (counts): no hashed or sorted grouping of ids, no Unique.
      for (const n of all) expect(`${n['Node Type']} ${n.Strategy ?? ''}`.trim(), qs).not.toMatch(/^(Aggregate (Hashed|Sorted|Mixed)|Unique|SetOp)/);
      const [counted] = await db.query<{ total: number }>(sql.count.text, sql.count.params);
      const [direct] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND category = $2 AND city_key = $3 AND listed_until >= $4`,
        [brand.id, category, city, now.toISOString()],
      );
      expect(direct!.n, qs).toBeGreaterThan(0);
      expect(counted!.total, qs).toBe(direct!.n);
    }
  });

  test('a word with a typo finds its neighbours by probes of its spellings one edit away, never a walk of the vocabulary', async () => {
    for (const [prefix, generic] of [[false, false], [true, false], [false, true], [true, true]]) {
      const edits = oneEditAway('recfie');
      const all = await plan({ text: EDIT_SPELLINGS_SQL, params: [edits.map(() => 1), edits, edits.map(() => prefix)] }, generic);
      const onWords = all.filter((n) => n['Relation Name'] === 'search_words');
      expect(onWords.length).toBeGreaterThan(0);
      for (const n of onWords) expect(n['Node Type'], `prefix ${prefix}, generic ${generic}`).toMatch(/^Index (Only )?Scan$/);
    }
    expect(await searchTerms(db, brand, 'forro recfie')).toEqual([
      { kind: 'text', spellings: ['forro'], label: 'forro' },
      { kind: 'text', spellings: ['recfie', 'recife'], label: 'recfie', corrected: 'recife' },
    ]);
  });

  // Words that name a category and a city: each way of matching both (the category's key
  // or its words, the city's key, its state's or its words) is a walk joined to the
  // other's keys, not a walk that probes the other term's keys once per entry.
  test.each([
    ['a category and a city in the words', `q=${encodeURIComponent('festas em São Paulo')}`, ' c:sao paulo'],
    ['a word and a city in the words', 'q=samba+recife', ' c:recife'],
  ])('%s: the events that match both are walks joined on their keys', async (_, qs, key) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const all = await plan(listSql(brand, query, new Date(), await searchTerms(db, brand, query.q)).page);
    const onKey = all.filter((n) => n['Relation Name'] === 'search_postings' && n['Index Cond']?.includes(`'${key}'::text`));
    expect(onKey.length).toBeGreaterThan(0);
    for (const n of onKey) expect(n['Parent Relationship'], n['Index Cond']).not.toBe('SubPlan');
    expect(all.map((n) => n['Node Type'])).not.toContain('Hash Join');
  });

  test('on PostgreSQL a search counts to 1,000 plus one page and says "gte"; a narrower one is exact', async () => {
    const now = new Date();
    const wide = await listEvents(brand, parseListQuery(new URLSearchParams('q=sp&per_page=20')), { now, db });
    expect(wide.list.meta).toMatchObject({ total: 1_020, total_relation: 'gte', last_page: 51 });
    const exact = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= $2 AND city_key = 'recife' AND search_tsv @@ 'frevo:*'::tsquery`,
      [brand.id, now.toISOString()],
    ))[0]!.n;
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThan(1_000);
    const narrow = await listEvents(brand, parseListQuery(new URLSearchParams('q=frevo&city=Recife')), { now, db });
    expect(narrow.list.meta).toMatchObject({ total: exact, total_relation: 'eq' });
    // The postings and the text index agree on every term of a search.
    const viaIndex = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= $2 AND search_tsv @@ 'forro | frevo'::tsquery`,
      [brand.id, now.toISOString()],
    ))[0]!.n;
    const viaPostings = (await listEvents(brand, parseListQuery(new URLSearchParams('q=forro+frevo&sort=date')), { now, db })).list.meta;
    expect(viaPostings.total).toBe(Math.min(viaIndex, 1_020));
  });

  test('a term with more entries to come than the cap fills the count by itself: one range read to the cap, and neither the union of the walks nor the events under way', async () => {
    const query = parseListQuery(new URLSearchParams('q=sp'));
    const sql = listSql(brand, query, new Date(), await searchTerms(db, brand, query.q)).count;
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.params);
    const read = (nodes(row!['QUERY PLAN'][0]!.Plan) as Array<PlanNode & { 'Actual Loops'?: number; 'Actual Rows'?: number }>).filter((n) => (n['Actual Loops'] ?? 0) > 0);
    const ranges = read.filter((n) => n['Relation Name'] === 'search_postings');
    expect(ranges).toHaveLength(1);
    expect(ranges[0]!['Actual Rows']).toBe(1_020);
    expect(read.filter((n) => n['Index Name'] === 'events_under_way_idx' || n['Relation Name'] === 'events')).toEqual([]);
    expect(await db.query(sql.text, sql.params)).toEqual([{ total: 1_020 }]);
  });

  test('a listing from a day whose events all start after now reads no event under way; one from today reads them', async () => {
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    // Loops of the range index's scan: with the prepared statement's generic plan too, where the gate is decided as it runs.
    const loops = async (qs: string, generic: boolean) => {
      const query = parseListQuery(new URLSearchParams(qs));
      const terms = await searchTerms(db, brand, query.q);
      const sql = listSql(brand, query, now, terms);
      const one = countedPage(sql.count, sql.page, 0);
      const scans = (await explain(one, { generic, analyze: true })).filter((n) => n['Index Name'] === 'events_under_way_idx');
      expect(scans.length, qs).toBeGreaterThan(0);
      return scans.reduce((n, scan) => n + (scan['Actual Loops'] ?? 0), 0);
    };
    for (const generic of [false, true]) {
      for (const qs of [`date_from=${day(3)}&date_to=${day(9)}`, `date_from=${day(2)}`, `category=shows&date_from=${day(3)}`, `q=festival&state=sp&date_from=${day(10)}`]) {
        expect(await loops(qs, generic), qs).toBe(0);
      }
      for (const qs of [`date_from=${day(0)}&date_to=${day(6)}`, `date_to=${day(6)}`, '', 'q=festival']) {
        expect(await loops(qs, generic), qs).toBeGreaterThan(0);
      }
    }
  });

  test("a listing with no filter, or a city alone: its count is the cap, reading no event, where the summary's months ahead reach it; below, every listed event counted", async () => {
    const count = async (q: Queryable, qs: string) => {
      const query = parseListQuery(new URLSearchParams(qs));
      const sql = listSql(brand, query, new Date(), []).count;
      const read = (await explain(sql, { analyze: true, on: q })).filter((n) => (n['Actual Loops'] ?? 0) > 0);
      const [{ total }] = (await q.query<{ total: number }>(sql.text, sql.params)) as [{ total: number }];
      return { total, events: read.filter((n) => n['Relation Name'] === 'events').length, summary: read.some((n) => n['Relation Name'] === 'listed_event_days') };
    };
    const cap = countCap(20);
    const listed = async (q: Queryable) =>
      (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= now()`, [brand.id]))[0]!.n;
    // This catalog lists fewer than the cap: the summary is read, then the events counted.
    const all = await listed(db);
    expect(all).toBeLessThan(cap);
    expect(await count(db, '')).toEqual({ total: all, events: expect.any(Number), summary: true });
    expect((await count(db, '')).events).toBeGreaterThan(0);
    // With a filter, the summary is not read; with a city alone, it is, and the city's events are counted below it.
    expect((await count(db, 'state=pe')).summary).toBe(false);
    expect((await count(db, 'city=recife&state=pe')).summary).toBe(false);
    const inRecife = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= now() AND city_key = catalog_fold('Recife')`, [brand.id]))[0]!.n;
    expect(inRecife).toBeGreaterThan(0);
    expect(await count(db, 'city=RECIFE')).toEqual({ total: inRecife, events: expect.any(Number), summary: true });
    // Where the months ahead hold as many as the cap, the count is the cap and reads no event (the summary made so in a transaction undone after).
    const undone = new Error('undone');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO listed_event_days (brand_id, facet, day, value, state, events)
           VALUES ($1, 'city-month', (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months')::date, 'São Tomé', 'ZZ', $2)`,
          [brand.id, cap],
        );
        // The city as its filter reads it, accents and case ignored; another city is counted.
        expect(await count(tx, 'city=sao%20tome')).toEqual({ total: cap, events: 0, summary: true });
        expect(await count(tx, 'city=recife')).toEqual({ total: inRecife, events: expect.any(Number), summary: true });
        expect(await count(tx, '')).toEqual({ total: cap, events: 0, summary: true });
        expect(await count(tx, 'per_page=50&page=3')).toEqual({ total: countCap(50), events: 0, summary: true });
        // A filter still counts its events.
        expect((await count(tx, 'state=pe')).total).toBeLessThan(cap);
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect((await count(db, '')).total).toBe(all);
  });

  test('connections to the catalog compile no plan (JIT would cost more than the statements) and start no parallel worker', async () => {
    expect(await db.query('SHOW jit')).toEqual([{ jit: 'off' }]);
    expect(await db.query('SHOW max_parallel_workers_per_gather')).toEqual([{ max_parallel_workers_per_gather: '0' }]);
  });

  test("the events under way are the brand's own, read through the range index that the brand leads", async () => {
    for (const qs of ['state=pe', 'q=forro']) {
      const query = parseListQuery(new URLSearchParams(qs));
      const sql = listSql(brand, query, new Date(), await searchTerms(db, brand, query.q));
      const underWay = (await plan(sql.count)).filter((n) => n['Index Name'] === 'events_under_way_idx');
      expect(underWay.length, qs).toBe(1);
      expect(underWay[0]!['Index Cond'], qs).toMatch(/brand_id = /);
    }
    // Another brand's events under way are not read: the rows the range index gives are the
    // brand's. At an instant when events of every brand are under way (a minute after one of
    // the brand's starts, the one with most of the others' under way then), whatever the clock.
    const [{ at }] = (await db.query<{ at: Date }>(
      `SELECT c.at FROM (SELECT e.starts_at + interval '1 minute' AS at FROM events e
         WHERE e.brand_id = $1 AND e.starts_at IS NOT NULL AND e.listed_until > e.starts_at + interval '1 minute' ORDER BY e.starts_at LIMIT 200) c
       ORDER BY (SELECT count(*) FROM events x WHERE x.brand_id <> $1 AND x.starts_at IS NOT NULL AND tstzrange(x.starts_at, x.listed_until, '[]') @> c.at) DESC, c.at LIMIT 1`,
      [brand.id],
    )) as [{ at: Date }];
    const now = new Date(at);
    const sql = listSql(brand, parseListQuery(new URLSearchParams('')), now);
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.page.text}`, sql.page.params);
    const read = nodes(row!['QUERY PLAN'][0]!.Plan).find((n) => n['Index Name'] === 'events_under_way_idx') as PlanNode & { 'Actual Rows': number };
    const [{ own, all }] = (await db.query<{ own: number; all: number }>(
      `SELECT count(*) FILTER (WHERE brand_id = $1)::int AS own, count(*)::int AS all FROM events
       WHERE starts_at IS NOT NULL AND tstzrange(starts_at, listed_until, '[]') @> $2::timestamptz`,
      [brand.id, now.toISOString()],
    )) as [{ own: number; all: number }];
    expect(own, 'events of the brand under way').toBeGreaterThan(0);
    expect(all, 'events of other brands under way').toBeGreaterThan(own);
    expect(read['Actual Rows']).toBe(own);
  });

  // Which way a carried filter is read follows the brand's counts (filter-shares.ts): a
  // state with none of the brand's events is read through its key, whose entries are none,
  // not from every entry of the word; one with many, from the entries walked.
  test("a state's share of the brand chooses how the filter is read: the counts are the summary's, a rare state goes through its key", async () => {
    const now = new Date();
    const shares = await readFilterShares(db, brand, now);
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const byState = await db.query<{ state: string; n: number }>(
      `SELECT state_key AS state, count(*)::int AS n FROM events e JOIN venues v ON v.id = e.venue_id
       WHERE e.brand_id = $1 AND e.listed_until >= $2 AND v.city IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`,
      [brand.id, month],
    );
    for (const { state, n } of byState) expect(shares.events('state_key', state), state).toBe(n);
    expect(shares.total).toBe(byState.reduce((sum, r) => sum + r.n, 0));
    const absent = ['ac', 'ap', 'rr', 'to', 'se', 'pi'].find((st) => shares.events('state_key', st) === 0)!;
    expect(absent).toBeDefined();
    const query = parseListQuery(new URLSearchParams(`q=festival&state=${absent}`));
    const terms = await searchTerms(db, brand, query.q);
    for (const [state, read] of [[absent, 'key'], [byState[0]!.state, 'entries']] as const) {
      const sql = listSql(brand, { ...query, state }, now, terms, shares);
      const onPostings = (await plan(sql.count)).filter((n) => n['Relation Name'] === 'search_postings');
      const byKey = onPostings.some((n) => n['Index Cond']?.includes(`' s:${state}'::text`));
      const byEntries = onPostings.some((n) => n.Filter?.includes('state_key = '));
      expect({ state, byKey, byEntries }).toEqual({ state, byKey: read === 'key', byEntries: read === 'entries' });
    }
  });

  // A word the search completes (or reads one typo away) has several spellings: their
  // entries are one ordered stream, and a filter their entries carry is read from it.
  test("a word of several spellings and a state: the state is read from the spellings' entries, and the count is exact", async () => {
    const now = new Date();
    const query = parseListQuery(new URLSearchParams('q=isabel&state=pe'));
    const terms = await searchTerms(db, brand, query.q);
    const spellings = terms[0]!.kind === 'text' ? terms[0]!.spellings : [];
    expect(spellings.length).toBeGreaterThan(2);
    await readsCarriedFilter('q=isabel&state=pe', ' s:pe', 'state_key', now);
    const [{ n: exact }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE brand_id = $1 AND listed_until >= $2 AND state_key = 'pe' AND search_tsv @@ $3::tsquery`,
      [brand.id, now.toISOString(), spellings.map((s) => `'${s}'`).join(' | ')],
    )) as [{ n: number }];
    expect(exact).toBeGreaterThan(0);
    const { meta } = (await listEvents(brand, query, { now, db })).list;
    expect(meta.total).toBe(Math.min(exact, 1_020));
  });

  test('a single word whose name tier fills the page: the tier of any match is never read, and its spellings give one block of candidates', async () => {
    const now = new Date();
    // Words in the names of at least a block of events to come, most frequent first.
    const frequent = await db.query<{ term: string }>(
      `SELECT term FROM search_postings WHERE brand_id = $1 AND starts_at >= $2 AND fields & 1 = 1 AND term !~ '^ ' AND length(term) >= 4
       GROUP BY term HAVING count(*) >= 300 ORDER BY count(*) DESC LIMIT 40`,
      [brand.id, now.toISOString()],
    );
    let checked = 0;
    for (const { term } of frequent) {
      const query = parseListQuery(new URLSearchParams({ q: term }));
      const terms = await searchTerms(db, brand, query.q);
      if (terms.length !== 1 || terms[0]!.kind !== 'text') continue;
      const sql = listSql(brand, query, now, terms).page;
      const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode & { 'Actual Loops'?: number } }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.params);
      const all = nodes(row!['QUERY PLAN'][0]!.Plan) as Array<PlanNode & { 'Actual Loops'?: number; Filter?: string }>;
      const walks = all.filter((n) => n['Relation Name'] === 'search_postings');
      const named = walks.filter((n) => n.Filter?.includes('fields'));
      expect(named.length, term).toBeGreaterThan(0);
      // The walks without the name condition (the tier of any match) never run.
      const others = walks.filter((n) => !n.Filter?.includes('fields'));
      expect(others.length, term).toBeGreaterThan(0);
      for (const n of others) expect(n['Actual Loops'], term).toBe(0);
      // One block of candidates, read by primary key, however many spellings the word has;
      // with it, the events under way with the word in their name (at this hour of the day,
      // some of the evening's), gathered from the range index.
      const rows = (n: PlanNode & { 'Actual Loops'?: number }) => (n['Actual Loops'] ?? 0) * ((n as { 'Actual Rows'?: number })['Actual Rows'] ?? 0);
      const underWayNamed = all.filter((n) => n['Node Type'] === 'CTE Scan' && n.Filter?.includes(":A'")).reduce((sum, n) => sum + rows(n), 0);
      const probes = all.filter((n) => n['Index Name'] === 'events_pkey').map(rows);
      expect(Math.max(...probes), term).toBeLessThanOrEqual(CANDIDATE_BLOCK + underWayNamed);
      checked += 1;
      if (terms[0]!.kind === 'text' && terms[0]!.spellings.length > 1) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  /**
   * The plans of every statement `read` sends (each explained instead of run); with
   * `generic`, their generic plans, and each statement must be one the code prepares.
   */
  async function plansOf(read: (q: Queryable) => Promise<unknown>, generic = false): Promise<PlanNode[][]> {
    const plans: PlanNode[][] = [];
    await read({
      query: async <T,>(text: string, params?: unknown[], how?: QueryOptions) => {
        if (generic) expect(how?.prepare, text).toBe(true);
        plans.push(await plan({ text, params: params ?? [] }, generic));
        return [] as T[];
      },
    });
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }
  const scans = (all: PlanNode[], relation: string) => all.filter((n) => n['Relation Name'] === relation).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

  test.each(PLANS)("filter options (plan for %s): the summary's days of this month and its months after, by index; today's events through the listed_until index; no scan of events", async (_, generic) => {
    const [all] = await plansOf((q) => readListedFacets(q, brand.id, new Date()), generic);
    // The summary holds a row per city (or category) and day, and one per month: this
    // month's days after today, today's (when the ended side of the day is counted) and
    // the months after it, each read through an index.
    const summary = scans(all!, 'listed_event_days');
    expect(summary).toHaveLength(3);
    for (const s of summary) expect(s).toMatch(/^(Index|Index Only|Bitmap Heap) Scan/);
    // Today's events twice through the listed_until index: the day's entries counted from
    // the index alone, then the smaller side's events.
    const today = [expect.stringMatching(/^Index Only Scan events_listed_until_idx$/), expect.stringMatching(/^(Index Scan|Bitmap Heap Scan)/)];
    expect(scans(all!, 'events')).toEqual(today);
    expect(all!.filter((n) => n['Index Name'] === 'events_listed_until_idx')).toHaveLength(2);
    // With the city centres, in the same statement: the brand's venues besides, the events no more.
    const [options] = await plansOf((q) => readFilterOptionRows(q, brand.id, new Date()), generic);
    expect(scans(options!, 'listed_event_days')).toHaveLength(3);
    expect(scans(options!, 'events')).toEqual(today);
    expect(scans(options!, 'venues').length).toBeGreaterThan(0);
    // And the places a search recognizes, one probe of the postings' index a city: never a walk of the postings.
    const postings = scans(options!, 'search_postings');
    expect(postings.length).toBeGreaterThan(0);
    for (const s of postings) expect(s).toMatch(/^Index Only Scan/);
  });

  test('the places the filter options carry are those a search reads on its own', async () => {
    const rows = await readFilterOptionRows(db, brand.id, new Date());
    const places = await db.query<{ city: string }>(`SELECT DISTINCT substr(term, 4) AS city FROM search_postings WHERE brand_id = $1 AND term LIKE ' c:%'`, [brand.id]);
    expect(places.length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.facet === 'place').map((r) => r.value).sort()).toEqual(places.map((p) => p.city).sort());
  });

  test.each(PLANS)('an organizer with events listed (plan for %s): one probe of its (brand, slug) row', async (_, generic) => {
    const slug = await producerSlug();
    const [all] = await plansOf((q) => readListedOrganizer(q, brand.id, slug, new Date()), generic);
    // The (brand, slug) index that holds the name and the latest end answers alone (migration 020).
    expect(scans(all!, 'producers')).toEqual([expect.stringMatching(/^(Index Scan producers_brand_id_slug_key|Index Only Scan producers_by_slug_idx)$/)]);
    expect(scans(all!, 'events')).toEqual([]);
  });

  test("an organizer's facts: its row by (brand, slug), its events through the producer index, no scan of events", async () => {
    const [all] = await plansOf(async (q) => readOrganizerFacts(q, brand.id, await producerSlug(), new Date()));
    expect(scans(all!, 'events').length).toBeGreaterThan(0);
    for (const s of [...scans(all!, 'events'), ...scans(all!, 'producers')]) expect(s).not.toMatch(/^Seq Scan/);
    expect(all!.map((n) => n['Index Name'])).toContain('events_producer_idx');
  });

  test('sitemap files: spans by two index probes, organizers and events by one key range each', async () => {
    for (const statement of await plansOf((q) => readSitemapSpans(q, brand.id))) {
      for (const s of [...scans(statement, 'events'), ...scans(statement, 'producers')]) expect(s).toMatch(/^Index Only Scan (events_brand_id_idx|producers_listed_idx)/);
    }
    const [organizers] = await plansOf((q) => readOrganizerPages(q, brand.id, 1, 50_001, new Date()));
    expect(scans(organizers!, 'producers')).toEqual(['Index Only Scan producers_listed_idx']);
    const [events] = await plansOf((q) => readEventPages(q, brand.id, 1, 50_001));
    expect(scans(events!, 'events')).toEqual(['Index Only Scan events_brand_id_idx']);
  });

  test.each(PLANS)('detail (plan for %s) uses the (brand, slug) index', async (_, generic) => {
    const [row] = await db.query<{ slug: string }>('SELECT slug FROM events WHERE brand_id = $1 LIMIT 1', [brand.id]);
    const [all] = await plansOf((q) => readEventView(q, brand, row!.slug), generic);
    const onEvents = all!.filter((n) => n['Relation Name'] === 'events');
    expect(onEvents.map((n) => n['Node Type'])).toEqual(['Index Scan']);
  });

  test.each(PLANS)('similar events (plan for %s): the event by its key, then ranges of the (brand, category, place, start) indexes; no scan of events', async (_, generic) => {
    // An event in the busiest city of its category, still to come: the widest ranges there are.
    const [row] = await db.query<{ id: number }>(
      `SELECT e.id::int AS id FROM events e
       WHERE e.brand_id = $1 AND e.category IS NOT NULL AND e.city_key IS NOT NULL AND e.starts_at > now()
       GROUP BY e.id, e.category, e.city_key
       ORDER BY count(*) OVER (PARTITION BY e.category, e.city_key) DESC, e.id LIMIT 1`,
      [brand.id],
    );
    const [all] = await plansOf((q) => readSimilarEvents(q, brand, row!.id, new Date()), generic);
    const onEvents = all!.filter((n) => n['Relation Name'] === 'events');
    for (const n of onEvents) expect(n['Node Type'], JSON.stringify(n['Index Name'])).toMatch(/^Index (Only )?Scan/);
    const indexes = onEvents.map((n) => n['Index Name']);
    expect(indexes.filter((i) => i === 'events_similar_city_idx')).toHaveLength(2);
    expect(indexes.filter((i) => i === 'events_similar_state_idx')).toHaveLength(2);
    expect(indexes).toContain('events_pkey');
  });
});
