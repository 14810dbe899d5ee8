import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { createTestDatabase, postgresReachable } from '../../../e2e/support/postgres';
import { brandRegistry } from '../../brand/registry';
import { openPostgres } from '../../db/postgres';
import type { Db, Queryable } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { ORGANIZERS_PER_PAGE, readOrganizerFacts, readOrganizers, type OrganizerQuery } from './organizers';

const brands = brandRegistry().brands;
const brand = brands[0]!;

async function fill(db: Db, events: number): Promise<void> {
  await fillCatalog(db, brands, generateDemo({ brands, events, seed: 11 }));
}

/** Organizers of the brand with events listed at `now`, in slug order, read plainly. */
async function listed(db: Db, now: Date): Promise<Array<{ slug: string; name: string }>> {
  const rows = await db.query<{ slug: string; name: string }>(
    `SELECT p.slug, p.name FROM producers p WHERE p.brand_id = $1 AND EXISTS (SELECT 1 FROM events e WHERE e.producer_id = p.id AND e.listed_until >= $2) ORDER BY p.slug`,
    [brand.id, now.toISOString()],
  );
  return rows;
}

describe.each(await catalogBackends('catalog_organizers'))('organizers on $name', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  const now = new Date();

  beforeAll(async () => {
    ({ db, close } = await backend.open());
    await fill(db, 1_200);
  }, 240_000);
  afterAll(async () => close?.());

  test('pages in slug order from a slug on, forwards and back, cover every organizer with events listed once', async () => {
    const expected = await listed(db, now);
    expect(expected.length).toBeGreaterThan(30);
    const limit = 7;
    const seen: string[] = [];
    let page = await readOrganizers(db, brand.id, { limit }, now);
    expect(page.previous).toBeNull();
    const pages = [page];
    while (true) {
      seen.push(...page.organizers.map((o) => o.slug));
      if (!page.next) break;
      page = await readOrganizers(db, brand.id, { limit, after: page.next }, now);
      pages.push(page);
    }
    expect(seen).toEqual(expected.map((o) => o.slug));
    expect(pages.at(-1)!.organizers.length).toBeLessThanOrEqual(limit);
    // A page back from the third is the second.
    const back = await readOrganizers(db, brand.id, { limit, before: pages[2]!.previous! }, now);
    expect(back.organizers).toEqual(pages[1]!.organizers);
    expect(back.next).toBe(pages[1]!.organizers.at(-1)!.slug);
    const first = await readOrganizers(db, brand.id, { limit, before: pages[1]!.previous! }, now);
    expect(first.organizers).toEqual(pages[0]!.organizers);
    expect(first.previous).toBeNull();
    // A page holds at most ORGANIZERS_PER_PAGE, whatever is asked.
    expect((await readOrganizers(db, brand.id, { limit: 10_000 }, now)).organizers.length).toBe(Math.min(ORGANIZERS_PER_PAGE, expected.length));
  });

  test('a search finds any part of a name, whatever its case and accents; one or two letters are the start of a slug', async () => {
    const expected = await listed(db, now);
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const word = fold(expected[3]!.name.split(' ')[1]!).slice(1, 6);
    const found = await readOrganizers(db, brand.id, { q: word.toUpperCase() }, now);
    const matching = expected.filter((o) => fold(o.name).includes(word));
    expect(found.organizers).toEqual(matching.slice(0, ORGANIZERS_PER_PAGE));
    const surname = expected[5]!.name;
    expect((await readOrganizers(db, brand.id, { q: ` ${surname.toLowerCase()} ` }, now)).organizers.map((o) => o.name)).toContain(surname);
    const initial = expected[0]!.slug.slice(0, 1);
    const byInitial = await readOrganizers(db, brand.id, { q: initial.toUpperCase() }, now);
    expect(byInitial.organizers).toEqual(expected.filter((o) => o.slug.startsWith(initial)).slice(0, ORGANIZERS_PER_PAGE));
    // LIKE's own characters are text.
    expect((await readOrganizers(db, brand.id, { q: '%%%' }, now)).organizers).toEqual([]);
    expect((await readOrganizers(db, brand.id, { q: 'zzzqqq' }, now)).organizers).toEqual([]);
    // A NUL is no text to the database: no error, and no slug holds one.
    expect((await readOrganizers(db, brand.id, { q: `${word}\0` }, now)).organizers).toEqual(found.organizers);
    expect((await readOrganizers(db, brand.id, { after: 'a\0' }, now)).organizers).toEqual([]);
  });

  test("an organizer's facts: events listed now, the city of most, how many cities, online ones, its categories", async () => {
    const [one] = await listed(db, now);
    const rows = await db.query<{ city: string | null; state_abbr: string | null; is_online: boolean; category: string | null }>(
      `SELECT v.city, v.state_abbr, e.is_online, e.category FROM events e JOIN producers p ON p.id = e.producer_id LEFT JOIN venues v ON v.id = e.venue_id
        WHERE p.brand_id = $1 AND p.slug = $2 AND e.listed_until >= $3`,
      [brand.id, one!.slug, now.toISOString()],
    );
    const facts = await readOrganizerFacts(db, brand.id, one!.slug, now);
    expect(facts.upcoming).toBe(rows.length);
    expect(facts.online).toBe(rows.filter((r) => r.is_online).length);
    const inPerson = rows.filter((r) => !r.is_online && r.city);
    const cityCounts = new Map<string, number>();
    for (const r of inPerson) cityCounts.set(r.city!, (cityCounts.get(r.city!) ?? 0) + 1);
    expect(facts.cities).toBe(cityCounts.size);
    const most = Math.max(...cityCounts.values());
    expect([...cityCounts].filter(([, n]) => n === most).map(([c]) => c)).toContain(facts.city!.split(' - ')[0]);
    expect(facts.categories.map((c) => c.slug).sort()).toEqual([...new Set(rows.map((r) => r.category).filter(Boolean))].sort());
    // An organizer of another brand, or none: nothing.
    expect(await readOrganizerFacts(db, brands[1]!.id, one!.slug + '-x', now)).toMatchObject({ upcoming: 0, city: null, categories: [] });
  });
});

const available = await postgresReachable();
const ORGANIZERS = 150_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

// As many organizers as a catalog of 1,000,000 events has (about 40,000 a brand), and more:
// a page of the list or of a search is one read of an index (an organizer's facts: explain.db.test.ts).
describe.skipIf(!available && process.env.CI !== 'true')(`organizers' plans among ${ORGANIZERS} organizers (PostgreSQL)`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const now = new Date();

  beforeAll(async () => {
    const created = await createTestDatabase('catalog_organizer_plans');
    drop = created.drop;
    db = openPostgres(created.url, 60_000, 2);
    await fill(db, 600);
    const kinds = ['Produções', 'Eventos', 'Cultural', 'Entretenimento', 'Music', 'Coletivo'];
    await db.query(
      `INSERT INTO producers (brand_id, slug, name, listed_until)
       SELECT b.id, 'organizador-' || i || '-' || b.id, 'Organizador ' || i || ' ' || ($2::text[])[1 + i % 6], now() + interval '30 days'
         FROM generate_series(1, $1::int) i CROSS JOIN (SELECT id FROM brands) b`,
      [ORGANIZERS / brands.length, kinds],
    );
    await db.query('VACUUM ANALYZE');
  }, 600_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  async function plansOf(read: (q: Queryable) => Promise<unknown>): Promise<PlanNode[][]> {
    const plans: PlanNode[][] = [];
    await read({
      query: async <T,>(text: string, params?: unknown[]) => {
        const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${text}`, params ?? []);
        plans.push(nodes(row!['QUERY PLAN'][0]!.Plan));
        return [] as T[];
      },
    });
    return plans;
  }
  const scans = (all: PlanNode[], relation: string) => all.filter((n) => n['Relation Name'] === relation).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

  test.each<[string, OrganizerQuery, RegExp]>([
    ['the first page', {}, /^Index Only Scan producers_by_slug_idx$/],
    ['a page from a slug', { after: 'organizador-5' }, /^Index Only Scan producers_by_slug_idx$/],
    ['a page back', { before: 'organizador-5' }, /^Index Only Scan( Backward)? producers_by_slug_idx$/],
    // A word in one name of six: the slugs in order, index only, until a page of them is found.
    ['a common word', { q: 'cultural' }, /^(Bitmap (Heap|Index) Scan( producers_name_trgm_idx)?|Index Only Scan producers_by_slug_idx)$/],
    ['a rare word', { q: 'organizador 4711' }, /^Bitmap (Heap|Index) Scan( producers_name_trgm_idx)?$/],
    ['one letter', { q: 'm' }, /^Index Only Scan producers_by_slug_idx$/],
  ])('%s: one statement through an index of producers, no sequential scan', async (_, query, expected) => {
    const plans = await plansOf((q) => readOrganizers(q, brand.id, query, now));
    expect(plans).toHaveLength(1);
    const onProducers = scans(plans[0]!, 'producers');
    expect(onProducers.length).toBeGreaterThan(0);
    for (const s of onProducers) expect(s).toMatch(expected);
    const indexes = plans[0]!.map((n) => n['Index Name']).filter(Boolean);
    // A rare word: its trigrams lead to the few names that hold it.
    if (query.q === 'organizador 4711') expect(indexes).toContain('producers_name_trgm_idx');
  });

  // The plan of a part of a name comes from the names' histogram (migration 027): drawn from
  // every organizer, it is the same after every ANALYZE, and so is the plan.
  test('the names\' histogram is drawn from every organizer: a rare word keeps its plan through every ANALYZE', async () => {
    for (let round = 0; round < 3; round++) {
      await db.query('ANALYZE producers');
      const [stats] = await db.query<{ bounds: number }>(
        `SELECT array_length(histogram_bounds::text::text[], 1) AS bounds FROM pg_stats WHERE tablename = 'producers' AND attname = 'name_key'`,
      );
      expect(stats?.bounds).toBe(1001);
      const [plan] = await plansOf((q) => readOrganizers(q, brand.id, { q: 'organizador 4711' }, now));
      expect(plan!.map((n) => n['Index Name']).filter(Boolean)).toEqual(['producers_name_trgm_idx']);
    }
  });
});
