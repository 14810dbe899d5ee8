import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry, demoRegistry } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { getDb } from '../db';
import { startCatalog } from '../startup/catalog';
import { migrate, migrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { generateDemo } from '../demo/generate';
import { toPublicDetail } from './event/public';
import { getEvent, getEventOrThrow } from './event/read';
import { listEvents } from './listing/events';
import { listSql } from './listing/list-sql';
import { countCap } from './listing/sql-parts';
import { importLines, parseLine } from './import';
import { EventDetailSchema, EventListItemSchema, type EventDetail, type EventListItem } from './public-schema';
import { parseListQuery } from './listing/query-params';
import { searchTerms } from './search/resolve';
import { clearSnapshots } from './snapshot-cache';
import { toZonedRfc3339 } from './time';

// Integration tests on embedded PGlite, in this process. Two databases:
//  - a private in-memory one for the import tool (importLines), built in beforeAll;
//  - the process-wide catalog behind listEvents/getEvent (lib/db withDb), which with the
//    default configuration is embedded, in memory, and seeded with the 720-event demo.

const demoBrands = demoRegistry(3000).brands;
const brandIds = new Set(demoBrands.map((b) => b.id));

describe('parseLine', () => {
  test.each([
    ['   ', null],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok"}', 'record'],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","timezone":"Mars/Base"}', /^timezone: /],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","starts_at":"2026-12-05T21:00:00-03:00","ends_at":"2026-12-05T20:00:00-03:00"}', /^ends_at: ends_at is before starts_at$/],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","venue":{"key":"v","state_abbr":"SPX"}}', /^venue\.state_abbr: /],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","images":{"banner":"javascript:alert(1)"}}', /^images\.banner: /],
    ['{"brand":"aurora","slug":"ok-1","name":"Ok","starts_at":"2026-12-05 21:00"}', /^starts_at: /],
    ['{"brand":"aurora","slug":"Ok 1"}', /^slug: .*; name: /],
    ['{"brand":"ghost","slug":"ok-1","name":"Ok"}', /^brand: unknown brand "ghost"$/],
    ['[1,2]', /^\(line\): .*expected object/],
    ['{"brand":', /^not valid JSON \(/],
  ])('%s', (text, expected) => {
    const r = parseLine(text, 9, brandIds);
    if (expected === null) expect(r).toBeNull();
    else if (expected === 'record') expect(r).toMatchObject({ line: 9, record: { slug: 'ok-1', description: null, sectors: [] } });
    else expect(r).toEqual({ line: 9, reason: expect.stringMatching(expected) });
  });
});

describe('importLines on a private in-memory catalog', () => {
  let db: Db;
  const anchor = new Date('2026-11-23T00:00:00Z');
  const lines = [...generateDemo({ brands: demoBrands, events: 90, anchor })].map((r) => JSON.stringify(r));
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const TABLES = ['events', 'producers', 'venues', 'ticket_sectors', 'ticket_lots'];
  const row = async (brand: string, slug: string) =>
    (await db.query<Record<string, unknown>>('SELECT * FROM events WHERE brand_id = $1 AND slug = $2', [brand, slug]))[0];

  beforeAll(async () => {
    db = await openPglite();
    expect(await migrate(db)).toEqual(migrations.map((m) => m.id));
    await db.query(`INSERT INTO brands (id, name) VALUES ('aurora', 'Aurora'), ('mare', 'Maré'), ('sertao', 'Sertão')`);
  }, 120_000);
  afterAll(() => db?.close());

  test('migrations run once: a second migrate applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  test('reports each bad line by number with its reason and keeps every good line', async () => {
    const input = [
      lines[0]!,
      '{"brand":', // 2: invalid JSON
      '', // 3: blank, skipped silently
      JSON.stringify({ brand: 'ghost', slug: 'x', name: 'X' }), // 4: unknown brand
      lines[1]!,
      JSON.stringify({ brand: 'aurora', slug: 'Bad Slug', name: 'X' }), // 6: schema error
      lines[2]!,
    ];
    const report = await importLines(db, input, brandIds);
    expect(report).toEqual({
      lines: 7,
      imported: 3,
      withdrawn: 0,
      failed: [
        { line: 2, reason: expect.stringMatching(/^not valid JSON/) },
        { line: 4, reason: 'brand: unknown brand "ghost"' },
        { line: 6, reason: expect.stringMatching(/^slug: lowercase letters, digits and single hyphens/) },
      ],
    });
    const slugs = (await db.query<{ slug: string }>('SELECT slug FROM events ORDER BY id')).map((r) => r.slug);
    expect(slugs).toEqual([0, 1, 2].map((i) => JSON.parse(lines[i]!).slug));
  });

  test('a line the database refuses is reported, and the other lines of its batch still land', async () => {
    // Valid for the schema, but PostgreSQL text cannot hold NUL: the batch fails and is retried line by line.
    const ok = (slug: string, name = 'Show') => JSON.stringify({ brand: 'sertao', slug, name });
    const report = await importLines(db, [ok('nul-a'), ok('nul-b', 'Bad\u0000Name'), ok('nul-c')], brandIds);
    expect(report).toEqual({ lines: 3, imported: 2, withdrawn: 0, failed: [{ line: 2, reason: expect.stringMatching(/^rejected by the database: /) }] });
    expect(await row('sertao', 'nul-a')).toBeDefined();
    expect(await row('sertao', 'nul-b')).toBeUndefined();
    expect(await row('sertao', 'nul-c')).toBeDefined();
    await db.query(`DELETE FROM events WHERE slug LIKE 'nul-%'`);
  });

  test('is idempotent: the same lines twice give the same rows and ids', async () => {
    await importLines(db, lines, brandIds);
    const first = await db.query<{ id: number; slug: string }>('SELECT id::int, slug FROM events ORDER BY id');
    const counts = await Promise.all(TABLES.map(count));
    const report = await importLines(db, lines, brandIds);
    expect(report).toEqual({ lines: 90, imported: 90, withdrawn: 0, failed: [] });
    expect(await db.query('SELECT id::int, slug FROM events ORDER BY id')).toEqual(first);
    expect(await Promise.all(TABLES.map(count))).toEqual(counts);
    expect(first).toHaveLength(90);
  });

  test('a later line updates the event, its venue, its tickets and its search keys', async () => {
    const record = JSON.parse(lines[5]!);
    const before = await row(record.brand, record.slug);
    const changed = {
      ...record,
      name: 'Maracatu Renovado',
      starts_at: '2027-01-10T20:00:00-03:00',
      ends_at: null,
      is_closed: true,
      venue: { key: 'novo-palco-recife', name: 'Novo Palco', city: 'Recife', state: 'Pernambuco', state_abbr: 'pe' },
      sectors: [{ name: 'Único', lots: [{ name: 'Lote final', price_cents: 12345, fee_cents: 1234 }] }],
    };
    expect(await importLines(db, [JSON.stringify(changed)], brandIds)).toEqual({ lines: 1, imported: 1, withdrawn: 0, failed: [] });
    const after = await row(record.brand, record.slug);
    expect(after).toMatchObject({ id: before!.id, name: 'Maracatu Renovado', is_closed: true, ends_at: null, city_key: 'recife', state_key: 'pe' });
    expect((after!.starts_at as Date).toISOString()).toBe('2027-01-10T23:00:00.000Z');
    // Without an end, the event stays listed for a day after its start.
    expect((after!.listed_until as Date).toISOString()).toBe('2027-01-11T23:00:00.000Z');
    const lots = await db.query<{ name: string; price_cents: number; fee_cents: number }>(
      `SELECT l.name, l.price_cents, l.fee_cents FROM ticket_lots l JOIN ticket_sectors s ON s.id = l.sector_id WHERE s.event_id = $1`,
      [after!.id],
    );
    expect(lots).toEqual([{ name: 'Lote final', price_cents: 12345, fee_cents: 1234 }]);
    const found = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE search_tsv @@ to_tsquery('simple', catalog_fold('renovado:*'))`);
    expect(found).toEqual([{ slug: record.slug }]);
    expect(await count('events')).toBe(90);
  });

  test('within one import, the last line for an event wins', async () => {
    const base = { brand: 'mare', slug: 'duplicada-1' };
    const report = await importLines(db, [JSON.stringify({ ...base, name: 'Primeira' }), JSON.stringify({ ...base, name: 'Segunda' })], brandIds);
    expect(report.failed).toEqual([]);
    expect(await db.query('SELECT name FROM events WHERE brand_id = $1 AND slug = $2', [base.brand, base.slug])).toEqual([{ name: 'Segunda' }]);
  });

  test('the same slug in two brands is two events', async () => {
    const lineFor = (brand: string) => JSON.stringify({ brand, slug: 'mesmo-slug', name: `Evento ${brand}` });
    await importLines(db, [lineFor('aurora'), lineFor('mare')], brandIds);
    const rows = await db.query<{ brand_id: string; name: string }>(`SELECT brand_id, name FROM events WHERE slug = 'mesmo-slug' ORDER BY brand_id`);
    expect(rows).toEqual([
      { brand_id: 'aurora', name: 'Evento aurora' },
      { brand_id: 'mare', name: 'Evento mare' },
    ]);
  });

  test('a renamed producer renames the search keys of all its events', async () => {
    const record = JSON.parse(lines[7]!);
    const renamed = { ...record, producer: { ...record.producer, name: 'Xiquexique Produções' } };
    await importLines(db, [JSON.stringify(renamed)], brandIds);
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e JOIN producers p ON p.id = e.producer_id WHERE p.brand_id = $1 AND p.slug = $2`,
      [record.brand, record.producer.slug],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    const found = await db.query(`SELECT 1 FROM events WHERE search_tsv @@ to_tsquery('simple', 'xiquexique:*')`);
    expect(found).toHaveLength(n);
  });

  test('the search postings are always exactly the keys of the events: after imports, renames, updates and deletes', async () => {
    const drift = async () =>
      (
        await db.query<{ n: number }>(
          `WITH expected AS (
             SELECT e.brand_id, k.term, coalesce(e.starts_at, 'infinity') AS starts_at, e.id AS event_id, e.listed_until, k.fields
             FROM events e, search_postings_keys(e.search_tsv, e.city_key, e.state_key, e.producer_id, e.is_online,
               e.category, e.age_rating, e.min_price_cents, e.accessibility) k),
           actual AS (SELECT brand_id, term, starts_at, event_id, listed_until, fields FROM search_postings)
           SELECT ((SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) a)
                 + (SELECT count(*) FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) b))::int AS n`,
        )
      )[0]!.n;
    expect(await count('search_postings')).toBeGreaterThan(await count('events'));
    expect(await drift()).toBe(0);
    await db.query(`UPDATE events SET starts_at = starts_at + interval '1 day', listed_until = listed_until + interval '1 day' WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 5)`);
    await db.query(`UPDATE events SET is_online = NOT is_online, city_key = NULL WHERE id IN (SELECT id FROM events ORDER BY id DESC LIMIT 3)`);
    await db.query(`UPDATE events SET description = 'só a descrição' WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 9)`);
    expect(await drift()).toBe(0);
    // Category, age rating and price are keys too (migration 010).
    await db.query(`UPDATE events SET category = 'teatro', age_rating = 'livre', min_price_cents = 0 WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 4)`);
    await db.query(`UPDATE events SET category = NULL, age_rating = '18', min_price_cents = 12000 WHERE id IN (SELECT id FROM events ORDER BY id DESC LIMIT 4)`);
    expect(await count('search_postings')).toBeGreaterThan(0);
    expect((await db.query(`SELECT 1 FROM search_postings WHERE term IN (' k:teatro', ' a:livre', ' $:0')`)).length).toBeGreaterThanOrEqual(12);
    expect(await drift()).toBe(0);
    // So is each accessibility feature (migration 015): added, changed, taken away.
    await db.query(`UPDATE events SET accessibility = '{wheelchair,libras}' WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 6)`);
    await db.query(`UPDATE events SET accessibility = '{libras,reserved_seats}' WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 3)`);
    await db.query(`UPDATE events SET accessibility = '{}' WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 1)`);
    const firstSix = `SELECT id FROM events ORDER BY id LIMIT 6`;
    expect(await db.query(`SELECT term, count(*)::int AS n FROM search_postings WHERE term LIKE ' x:%' AND event_id IN (${firstSix}) GROUP BY 1 ORDER BY 1`)).toEqual([
      { term: ' x:libras', n: 5 },
      { term: ' x:reserved_seats', n: 2 },
      { term: ' x:wheelchair', n: 3 },
    ]);
    expect(await drift()).toBe(0);
    await db.query(`DELETE FROM ticket_sectors WHERE event_id IN (SELECT id FROM events ORDER BY id LIMIT 2)`);
    await db.query(`DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 2)`);
    expect(await drift()).toBe(0);
    // An event that an import line changes again keeps one entry per key.
    expect((await importLines(db, lines.slice(10, 20), brandIds)).failed).toEqual([]);
    expect(await drift()).toBe(0);
  });

  test('every import that lands a line moves the catalog version; one that lands none does not', async () => {
    const version = async () => Number((await db.query<{ v: string }>('SELECT version::text AS v FROM catalog_state'))[0]!.v);
    const before = await version();
    await importLines(db, [lines[0]!], brandIds);
    expect(await version()).toBe(before + 1);
    await importLines(db, ['{"brand":', ''], brandIds);
    expect(await version()).toBe(before + 1);
  });
});

describe('listing statements on a large brand (private catalog)', () => {
  let db: Db;
  const now = new Date('2026-11-23T12:00:00Z');
  const brand = demoBrands[0]!;
  const UPCOMING = 10_100;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO brands (id, name) VALUES ($1, 'Aurora')`, [brand.id]);
    const at = now.toISOString();
    // Upcoming, ended, under way (one for months), and without a start.
    await db.query(
      `INSERT INTO events (brand_id, slug, name, starts_at, listed_until)
       SELECT $1, 'up-' || g, 'Up ' || g, $2::timestamptz + g * interval '1 minute', $2::timestamptz + g * interval '1 minute' + interval '2 hours'
       FROM generate_series(1, ${UPCOMING}) g
       UNION ALL SELECT $1, 'ended-' || g, 'Ended ' || g, $2::timestamptz - g * interval '1 day', $2::timestamptz - g * interval '1 day' + interval '3 hours'
       FROM generate_series(1, 40) g
       UNION ALL SELECT $1, 'now-' || g, 'Now ' || g, $2::timestamptz - g * interval '1 hour', $2::timestamptz + interval '1 day'
       FROM generate_series(1, 5) g
       UNION ALL SELECT $1, 'season', 'Season', $2::timestamptz - interval '200 days', $2::timestamptz + interval '10 days'
       UNION ALL SELECT $1, 'tba-' || g, 'Tba ' || g, NULL, 'infinity' FROM generate_series(1, 3) g
       UNION ALL SELECT $1, 'same-' || g, 'Same ' || g, $2::timestamptz, $2::timestamptz + interval '1 hour' FROM generate_series(1, 2) g`,
      [brand.id, at],
    );
    await db.query(`UPDATE events SET search_tsv = to_tsvector('simple', lower(name))`);
    await db.exec('VACUUM ANALYZE events');
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const reference = async () =>
    (
      await db.query<{ id: number }>(
        `SELECT id::int AS id FROM events WHERE brand_id = $1 AND listed_until >= $2 ORDER BY starts_at ASC NULLS LAST, id ASC`,
        [brand.id, now.toISOString()],
      )
    ).map((r) => r.id);
  const run = async (qs: string) => {
    const query = parseListQuery(new URLSearchParams(qs));
    const sql = listSql(brand, query, now, await searchTerms(db, brand, query.q));
    const [count] = await db.query<{ total: number }>(sql.count.text, sql.count.params);
    const rows = await db.query<{ id: number }>(sql.page.text, sql.page.params);
    return { total: count!.total, ids: rows.map((r) => r.id) };
  };
  const served = async (qs: string) => {
    const query = parseListQuery(new URLSearchParams(qs));
    return (await listEvents(brand, query, { now, db })).list;
  };

  test('pages read in three parts are exactly the slices of the listing in start order', async () => {
    const all = await reference();
    expect(all.length).toBe(UPCOMING + 5 + 1 + 3 + 2);
    for (const [page, perPage] of [[1, 20], [2, 20], [1, 50], [7, 3], [201, 50], [501, 20]] as const) {
      const { ids } = await run(`page=${page}&per_page=${perPage}`);
      expect(ids, `page ${page} of ${perPage}`).toEqual(all.slice((page - 1) * perPage, page * perPage));
    }
    // Under way first (the season that began 200 days ago leads), then from now on.
    const first = await run('per_page=8');
    const slugs = (await db.query<{ slug: string; id: number }>('SELECT slug, id::int AS id FROM events WHERE id = ANY($1)', [first.ids])).map((r) => [r.id, r.slug]);
    const bySlug = new Map(slugs.map(([id, slug]) => [id, slug]));
    expect(first.ids.map((id) => bySlug.get(id))).toEqual(['season', 'now-5', 'now-4', 'now-3', 'now-2', 'now-1', 'same-1', 'same-2']);
  });

  test('the count stops at 10,000 plus one page (a search at 1,000), so that the last page is one that can be reached', async () => {
    expect(countCap(20)).toBe(10_020);
    expect(countCap(20, true)).toBe(1_020);
    expect((await run('per_page=20')).total).toBe(10_020);
    expect((await run('per_page=50')).total).toBe(10_050);
    expect((await run('per_page=20&q=up')).total).toBe(1_020);
    expect((await run('per_page=30&q=up')).total).toBe(1_030);
    const last = await run('per_page=50&page=201');
    expect(last.ids.length).toBe(50);
    // Served: a count at its cap is a lower bound, and the last page is reachable.
    expect((await served('per_page=20')).meta).toEqual({ total: 10_020, total_relation: 'gte', per_page: 20, current_page: 1, last_page: 501 });
    expect((await served('per_page=30')).meta).toEqual({ total: 10_030, total_relation: 'gte', per_page: 30, current_page: 1, last_page: 334 });
    const search = await served('per_page=20&q=up&page=51');
    expect(search.meta).toEqual({ total: 1_020, total_relation: 'gte', per_page: 20, current_page: 51, last_page: 51 });
    expect(search.data.length).toBe(20);
    const deepSearch = await served('per_page=30&q=up&page=34');
    expect(deepSearch.meta).toMatchObject({ total: 1_030, total_relation: 'gte', last_page: 34 });
    expect(deepSearch.data.length).toBe(30);
    // Past the last reachable page: empty, with the true meta.
    expect((await served('per_page=20&q=up&page=52')).data).toEqual([]);
    expect((await served('per_page=20&q=tba')).meta).toEqual({ total: 3, total_relation: 'eq', per_page: 20, current_page: 1, last_page: 1 });
    // Below the cap the count is exact.
    await db.query(`DELETE FROM events WHERE brand_id = $1 AND slug LIKE 'up-%' AND substring(slug from 4)::int > 500`, [brand.id]);
    expect((await run('per_page=20')).total).toBe(500 + 5 + 1 + 3 + 2);
    expect((await run('per_page=20&q=tba')).total).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (...texts: Array<string | null | undefined>) => fold(texts.filter(Boolean).join(' ')).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const PUBLIC_FIELDS = ['id', 'slug', 'name', 'description', 'status', 'starts_at', 'ends_at', 'timezone', 'is_online', 'is_closed', 'url', 'images', 'location', 'producer'].sort();
const LOCATION_FIELDS = ['name', 'city', 'state', 'state_abbr', 'formatted_address', 'latitude', 'longitude'].sort();
/** The API's detail of an event, or null: its view cut to the public fields. */
const detailOf = async (brand: Brand, slug: string) => {
  const view = await getEvent(brand, slug);
  return view && toPublicDetail(view);
};

describe('listEvents and getEvent on the process-wide embedded catalog', () => {
  const brands = brandRegistry().brands;
  const [aurora, mare] = brands as [Brand, Brand];
  const list = async (brand: Brand, qs: string) => (await listEvents(brand, parseListQuery(new URLSearchParams(qs)))).list;
  /** Every page of a listing, checking that the pages add up to meta.total. */
  const all = async (brand: Brand, qs = ''): Promise<EventListItem[]> => {
    const out: EventListItem[] = [];
    for (let page = 1; ; page++) {
      const r = await list(brand, `${qs}&per_page=50&page=${page}`);
      out.push(...r.data);
      if (page >= r.meta.last_page) {
        expect(out).toHaveLength(r.meta.total);
        return out;
      }
    }
  };
  const slugs = (events: EventListItem[]) => events.map((e) => e.slug).sort();

  let startedAt: number;
  let listing: EventListItem[];
  const details = new Map<string, EventDetail>();

  beforeAll(async () => {
    expect(brandRegistry().brands.map((b) => b.id)).toEqual(['aurora', 'mare', 'sertao']);
    startedAt = Date.now();
    await startCatalog();
    listing = await all(aurora);
    for (const e of listing) details.set(e.slug, (await detailOf(aurora, e.slug))!);
  }, 120_000);

  const searchable = (e: EventListItem) => words(e.name, e.location?.name, e.location?.city, e.location?.state, details.get(e.slug)?.producer?.name);
  /** What the search must find: events where every query word starts some word of name, venue, city, state or producer. */
  const expectedMatches = (q: string) => listing.filter((e) => words(q).every((w) => searchable(e).some((s) => s.startsWith(w))));

  test('the demo catalog is there, and every listed event matches the public list schema', () => {
    expect(listing.length).toBeGreaterThan(100);
    for (const e of listing) expect(EventListItemSchema.safeParse(e).success, e.slug).toBe(true);
  });

  test('search "sao paulo" finds exactly the events that mention São Paulo', async () => {
    const found = await all(aurora, 'q=sao+paulo');
    expect(found.length).toBeGreaterThan(0);
    expect(slugs(found)).toEqual(slugs(expectedMatches('sao paulo')));
    expect(found.some((e) => e.location?.city === 'São Paulo')).toBe(true);
  });

  test('search ignores case and accents, in composed or decomposed form', async () => {
    const base = await list(aurora, 'q=sao+paulo&per_page=50');
    for (const q of ['SÃO PAULO', 'São Paulo', 'sÃo   pAULO!', 'Sa\u0303o Paulo']) {
      expect(await list(aurora, `q=${encodeURIComponent(q)}&per_page=50`), q).toEqual(base);
    }
  });

  test('search "forro" finds every Forró event, by prefix too', async () => {
    const found = await all(aurora, 'q=forro');
    const forro = listing.filter((e) => e.name.includes('Forró'));
    expect(forro.length).toBeGreaterThan(0);
    expect(slugs(found)).toEqual(slugs(expectedMatches('forro')));
    for (const e of forro) expect(slugs(found)).toContain(e.slug);
    expect(slugs(await all(aurora, 'q=FORR'))).toEqual(slugs(expectedMatches('forr')));
  });

  test('a search that is only punctuation is no search; one that matches nothing is an empty page', async () => {
    expect((await list(aurora, 'q=%21%21%21&per_page=50')).meta.total).toBe(listing.length);
    expect(await list(aurora, 'q=zzzzqqqq')).toEqual({ data: [], meta: { total: 0, total_relation: 'eq', per_page: 20, current_page: 1, last_page: 1 } });
  });

  test('no query text makes the query fail: characters the database folds to tsquery syntax, quotes, operators, NUL', async () => {
    for (const q of ['⑴', 'Hawaiʻi', 'ŉ', 'aː', "'; DROP TABLE events; --", 'a & | ! ( ) :* b', '\\', '%', '日本語', '\u0000']) {
      await expect(list(aurora, `q=${encodeURIComponent(q)}`), q).resolves.toMatchObject({ meta: { current_page: 1 } });
    }
    for (const qs of ['city=a%00b', 'organization=a%00b', 'state=s%00', 'city=%ED%A0%80']) {
      await expect(list(aurora, qs), qs).resolves.toMatchObject({ meta: { total: 0 } });
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), async (q) => {
        const r = (await listEvents(aurora, parseListQuery(new URLSearchParams({ q })), { now: new Date() })).list;
        expect(r.meta.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });

  test('city filter: exact city, any case or accent', async () => {
    const expected = slugs(listing.filter((e) => e.location?.city === 'São Paulo'));
    expect(expected.length).toBeGreaterThan(0);
    for (const city of ['São Paulo', 'sao paulo', 'SÃO PAULO', '  são paulo  ']) {
      expect(slugs(await all(aurora, `city=${encodeURIComponent(city)}`)), city).toEqual(expected);
    }
    expect(slugs(await all(aurora, 'city=GOIANIA'))).toEqual(slugs(listing.filter((e) => e.location?.city === 'Goiânia')));
    // Exact, not a prefix or a word: "Sao" is not São Paulo, "Paulo" is not either.
    expect((await list(aurora, 'city=sao')).meta.total).toBe(0);
    expect((await list(aurora, 'city=paulo')).meta.total).toBe(0);
  });

  test('state filter: two letters, any case; anything else matches nothing', async () => {
    const expected = slugs(listing.filter((e) => e.location?.state_abbr === 'SP'));
    expect(expected.length).toBeGreaterThan(0);
    for (const state of ['SP', 'sp', 'Sp']) expect(slugs(await all(aurora, `state=${state}`)), state).toEqual(expected);
    for (const state of ['SPX', 'S', 'São Paulo', '%25']) {
      expect((await list(aurora, `state=${encodeURIComponent(state)}`)).meta, state).toEqual({ total: 0, total_relation: 'eq', per_page: 20, current_page: 1, last_page: 1 });
    }
  });

  test('organization filter: the events of one producer of this brand', async () => {
    const producer = details.get(listing[0]!.slug)!.producer!;
    const expected = listing.filter((e) => details.get(e.slug)?.producer?.slug === producer.slug);
    const found = await all(aurora, `organization=${producer.slug}`);
    expect(slugs(found)).toEqual(slugs(expected));
    expect((await list(aurora, 'organization=no-such-producer')).meta.total).toBe(0);
    // A producer of another brand gives nothing here, even when it has events over there.
    const mareSlug = (await detailOf(mare, (await list(mare, 'per_page=1')).data[0]!.slug))!.producer!.slug;
    const auroraProducers = new Set([...details.values()].map((d) => d.producer?.slug));
    if (!auroraProducers.has(mareSlug)) expect((await list(aurora, `organization=${mareSlug}`)).meta.total).toBe(0);
    expect((await list(mare, `organization=${mareSlug}`)).meta.total).toBeGreaterThan(0);
  });

  test('filters combine with AND', async () => {
    const found = await all(aurora, 'state=sp&q=festival');
    expect(slugs(found)).toEqual(slugs(expectedMatches('festival').filter((e) => e.location?.state_abbr === 'SP')));
  });

  test('the default listing is sorted by starts_at, then id', () => {
    for (let i = 1; i < listing.length; i++) {
      const [a, b] = [listing[i - 1]!, listing[i]!];
      const [ta, tb] = [Date.parse(a.starts_at!), Date.parse(b.starts_at!)];
      expect(ta < tb || (ta === tb && a.id < b.id), `${a.slug} before ${b.slug}`).toBe(true);
    }
  });

  test('the default listing holds no ended event, and ended events stay reachable by slug', async () => {
    for (const e of listing) {
      expect(e.status, e.slug).not.toBe('Encerrado');
      const end = e.ends_at ? Date.parse(e.ends_at) : Date.parse(e.starts_at!) + 86_400_000;
      expect(end, e.slug).toBeGreaterThanOrEqual(startedAt - 60_000);
    }
    const db = await getDb();
    const ended = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE brand_id = $1 AND status = 'Encerrado'`, [aurora.id]);
    expect(ended.length).toBeGreaterThan(0);
    const listed = new Set(listing.map((e) => e.slug));
    for (const { slug } of ended) expect(listed.has(slug), slug).toBe(false);
    const detail = await detailOf(aurora, ended[0]!.slug);
    expect(detail).toMatchObject({ slug: ended[0]!.slug, is_closed: true, status: null });
  });

  test('pages are consecutive slices of the listing, with true meta', async () => {
    const page2 = await list(aurora, 'page=2&per_page=7');
    expect(page2.data.map((e) => e.slug)).toEqual(listing.slice(7, 14).map((e) => e.slug));
    expect(page2.meta).toEqual({ total: listing.length, total_relation: 'eq', per_page: 7, current_page: 2, last_page: Math.ceil(listing.length / 7) });
    // Out-of-range values are clamped, and meta says what was served.
    expect((await list(aurora, 'page=0&per_page=1000')).meta).toMatchObject({ current_page: 1, per_page: 50 });
  });

  test('a page past the end is empty, with the true meta', async () => {
    const last = Math.ceil(listing.length / 50);
    for (const page of [last + 1, 1_000_000]) {
      expect(await list(aurora, `page=${page}&per_page=50`)).toEqual({
        data: [],
        meta: { total: listing.length, total_relation: 'eq', per_page: 50, current_page: page, last_page: last },
      });
    }
  });

  test("one brand's events never appear for another", async () => {
    const mareListing = await all(mare);
    const auroraIds = new Set(listing.map((e) => e.id));
    expect(mareListing.length).toBeGreaterThan(0);
    for (const e of mareListing) {
      expect(auroraIds.has(e.id), e.slug).toBe(false);
      expect(e.url.startsWith(`${mare.site_url}/eventos/`), e.url).toBe(true);
    }
    for (const e of listing) expect(e.url).toBe(`${aurora.site_url}/eventos/${e.slug}`);
    // By slug, across brands: not found.
    for (const e of listing.slice(0, 20)) expect(await detailOf(mare, e.slug), e.slug).toBeNull();
    for (const e of mareListing.slice(0, 20)) expect(await detailOf(aurora, e.slug), e.slug).toBeNull();
    // The same search in two brands gives disjoint events.
    const a = await all(aurora, 'q=sao+paulo');
    const m = await all(mare, 'q=sao+paulo');
    expect(m.length).toBeGreaterThan(0);
    expect(a.filter((e) => m.some((x) => x.id === e.id))).toEqual([]);
  });

  test('getEvent gives the producer and a null status; the list gives the status and a null producer', async () => {
    for (const e of listing.slice(0, 30)) {
      const d = details.get(e.slug)!;
      expect(EventDetailSchema.safeParse(d).success, e.slug).toBe(true);
      expect(d.status).toBeNull();
      expect(d.producer).toEqual({ name: expect.any(String), slug: expect.stringMatching(/^[a-z0-9-]+$/) });
      expect(e.producer).toBeNull();
      expect(e.status).toEqual(expect.any(String));
      // Everything else is the same event.
      const { status: _s, producer: _p, ...rest } = d;
      const { status: _s2, producer: _p2, ...restList } = e;
      expect(rest).toEqual(restList);
    }
    expect(await detailOf(aurora, 'no-such-event')).toBeNull();
  });

  test('times carry the offset of the event zone; images and URLs are absolute on the brand site', () => {
    const zones = new Set<string>();
    for (const e of listing) {
      zones.add(`${e.timezone} ${e.starts_at!.slice(19)}`);
      expect(toZonedRfc3339(new Date(e.starts_at!), e.timezone), e.slug).toBe(e.starts_at);
      if (e.images.banner) expect(e.images.banner.startsWith(`${aurora.site_url}/`), e.images.banner).toBe(true);
    }
    expect(zones).toContain('America/Sao_Paulo -03:00');
    expect([...zones].some((z) => /^America\/(Manaus|Cuiaba) -04:00$/.test(z))).toBe(true);
  });

  test('descriptions reach the public shape sanitized', async () => {
    const db = await getDb();
    const slug = listing[1]!.slug;
    await db.query(`UPDATE events SET description = $1 WHERE brand_id = $2 AND slug = $3`, ['<p onclick="x()">Oi<script>alert(1)</script></p><img src=x onerror=alert(1)>', aurora.id, slug]);
    clearSnapshots();
    expect((await detailOf(aurora, slug))!.description).toBe('<p>Oi</p>');
  });

  test('the slug guard names a blank slug and an unknown or impossible one', async () => {
    await expect(getEventOrThrow(aurora, '  ')).rejects.toMatchObject({ reason: 'slug_missing' });
    await expect(getEventOrThrow(aurora, undefined)).rejects.toMatchObject({ reason: 'slug_missing' });
    await expect(getEventOrThrow(aurora, '../etc')).rejects.toMatchObject({ reason: 'event_not_found' });
    await expect(getEventOrThrow(mare, listing[0]!.slug)).rejects.toMatchObject({ reason: 'event_not_found' });
    await expect(getEventOrThrow(aurora, listing[0]!.slug)).resolves.toMatchObject({ id: listing[0]!.id });
  });

  test('with a search term, results come by relevance: name, then producer, then venue, whatever the dates', async () => {
    // Three events of our own in sertao (no other test counts that brand), the best match starting last.
    const sertao = brands[2]!;
    const event = (slug: string, starts_at: string, extra: object) =>
      JSON.stringify({ brand: sertao.id, slug, name: 'Noite de Gala', starts_at, timezone: 'America/Recife', ...extra });
    const report = await importLines(await getDb(), [
      event('rank-venue', '2031-01-01T20:00:00-03:00', { venue: { key: 'teatro-xylofone', name: 'Teatro Xylofone', city: 'Recife' } }),
      event('rank-producer', '2031-02-01T20:00:00-03:00', { producer: { slug: 'xylofone-producoes', name: 'Xylofone Produções' } }),
      event('rank-name', '2031-03-01T20:00:00-03:00', { name: 'Xylofone ao vivo' }),
    ], brandIds);
    expect(report.failed).toEqual([]);
    expect((await list(sertao, 'q=xylofone')).data.map((e) => e.slug)).toEqual(['rank-name', 'rank-producer', 'rank-venue']);
    // Equal relevance: by date.
    expect((await all(sertao, 'q=gala')).map((e) => e.slug).filter((slug) => slug.startsWith('rank-'))).toEqual(['rank-venue', 'rank-producer']);
  });

  test('at equal relevance an event on sale comes before one sold out, closed or without tickets', async () => {
    const sertao = brands[2]!;
    const lot = (available: boolean) => ({ name: 'Inteira', price_cents: 5000, fee_cents: 500, available });
    const event = (slug: string, month: number, extra: object) =>
      JSON.stringify({ brand: sertao.id, slug, name: 'Sarau Qwyxz', starts_at: `2031-0${month}-01T20:00:00-03:00`, timezone: 'America/Recife', ...extra });
    const report = await importLines(await getDb(), [
      event('sale-closed', 1, { is_closed: true, sectors: [{ name: 'Pista', lots: [lot(true)] }] }),
      event('sale-sold-out', 2, { sectors: [{ name: 'Pista', lots: [lot(false), lot(false)] }] }),
      event('sale-none', 3, {}),
      event('sale-open', 4, { sectors: [{ name: 'Pista', lots: [lot(false)] }, { name: 'Camarote', lots: [lot(true)] }] }),
      event('sale-open-later', 5, { sectors: [{ name: 'Pista', lots: [lot(true)] }] }),
    ], brandIds);
    expect(report.failed).toEqual([]);
    expect((await list(sertao, 'q=qwyxz')).data.map((e) => e.slug)).toEqual(['sale-open', 'sale-open-later', 'sale-closed', 'sale-sold-out', 'sale-none']);
    // Sorted by date, the date decides alone.
    expect((await list(sertao, 'q=qwyxz&sort=date')).data.map((e) => e.slug)).toEqual(['sale-closed', 'sale-sold-out', 'sale-none', 'sale-open', 'sale-open-later']);
  });

  test('when no event has every word, the events that have some come in turns, and the words are said', async () => {
    const sertao = brands[2]!;
    const recife = (await all(sertao, 'city=Recife')).length;
    expect(recife).toBeGreaterThan(2);
    const event = (slug: string, month: number) =>
      JSON.stringify({ brand: sertao.id, slug, name: `Baile Vrzlk ${month}`, starts_at: `2031-0${month}-01T20:00:00-03:00`, timezone: 'America/Recife', venue: { key: 'vrzlk-natal', name: 'Arena', city: 'Natal', state_abbr: 'RN' } });
    expect((await importLines(await getDb(), [event('vrzlk-1', 1), event('vrzlk-2', 2), event('vrzlk-3', 3)], brandIds)).failed).toEqual([]);
    const result = await listEvents(sertao, parseListQuery(new URLSearchParams('q=Vrzlk+em+Recife&per_page=6')));
    expect(result.unmatched).toEqual(['vrzlk', 'recife']);
    const kinds = result.list.data.map((e) => (e.slug.startsWith('vrzlk-') ? 'word' : e.location?.city === 'Recife' ? 'place' : 'other'));
    // Each turn holds the best of each half, the better first (a word of the name weighs more than a place).
    expect(kinds).toEqual(['word', 'place', 'word', 'place', 'word', 'place']);
    // One word alone, or words that some event has together: nothing to say.
    expect((await listEvents(sertao, parseListQuery(new URLSearchParams('q=vrzlk')))).unmatched).toBeNull();
    expect((await listEvents(sertao, parseListQuery(new URLSearchParams('q=vrzlk+natal')))).unmatched).toBeNull();
  });

  // Last: it changes the shared catalog's schema and data.
  test('closed field list: a new internal column and internal values never reach the public shapes', async () => {
    const db = await getDb();
    await db.query(`ALTER TABLE events ADD COLUMN secret_margin text DEFAULT 'LEAK-MARGIN'`);
    await db.query(`UPDATE producers SET contact_email = 'leak@example.com', internal_notes = 'LEAK-NOTES'`);
    // The leak is really in the database, so the checks below are not vacuous.
    expect(await db.query(`SELECT secret_margin FROM events LIMIT 1`)).toEqual([{ secret_margin: 'LEAK-MARGIN' }]);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE internal_notes IS NOT NULL`))[0]!.n).toBeGreaterThan(0);
    clearSnapshots(); // answers cached before the change would prove nothing

    const lists = await Promise.all(brands.map((b) => all(b)));
    const page = await list(aurora, 'q=sao+paulo&per_page=50');
    const detailsAfter = await Promise.all(listing.slice(0, 50).map((e) => detailOf(aurora, e.slug)));
    const text = JSON.stringify([lists, page, detailsAfter]);
    for (const leak of ['LEAK-MARGIN', 'secret_margin', 'leak@example.com', 'LEAK-NOTES', 'contact_email', 'internal_notes', 'commission', 'Margem negociada']) {
      expect(text, leak).not.toContain(leak);
    }

    expect(Object.keys(page).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(page.meta).sort()).toEqual(['current_page', 'last_page', 'per_page', 'total', 'total_relation']);
    const events: Array<EventListItem | EventDetail> = [...lists.flat(), ...detailsAfter.map((d) => d!)];
    expect(events.length).toBeGreaterThan(300);
    for (const e of events) {
      expect(Object.keys(e).sort(), e.slug).toEqual(PUBLIC_FIELDS);
      expect(Object.keys(e.images).sort()).toEqual(['banner', 'thumbnail']);
      if (e.location) expect(Object.keys(e.location).sort()).toEqual(LOCATION_FIELDS);
      if (e.producer) expect(Object.keys(e.producer).sort()).toEqual(['name', 'slug']);
    }
  });
});
