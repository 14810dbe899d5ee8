import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { brandRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { readListedFacets } from '../filters/options';
import { importLines } from '../import';
import { readListedOrganizer } from './landing-subjects';
import type { EventRecordInput } from '../record';
import { readOrganizerPages } from './sitemap';

// What the filters offer (cities and categories with how many events each, organizers
// with events) comes from a summary the catalog's triggers keep. On both databases it
// must say what counting every event would say: after an import, a re-import that moves
// or ends events, a venue that changes city, a delete, and as time passes.

const brands = brandRegistry().brands;
const brand = brands[0]!;
const records = [...generateDemo({ brands, events: 240, anchor: new Date('2026-11-20T00:00:00Z') })];
const mine = records.filter((r) => r.brand === brand.id);

/** The answer by counting every event: what the summary stands for. */
async function counted(db: Db, now: Date) {
  return db.query<{ facet: string; value: string; state: string; events: number }>(
    `SELECT facet, value, state, count(*)::int AS events FROM (
       SELECT 'city' AS facet, v.city AS value, coalesce(v.state_abbr, '') AS state FROM events e JOIN venues v ON v.id = e.venue_id
       WHERE e.brand_id = $1 AND e.listed_until >= $2 AND v.city IS NOT NULL
       UNION ALL
       SELECT 'category', e.category, '' FROM events e WHERE e.brand_id = $1 AND e.listed_until >= $2 AND e.category IS NOT NULL
     ) t GROUP BY 1, 2, 3 ORDER BY 2, 3`,
    [brand.id, now.toISOString()],
  );
}

const sorted = <T extends { facet: string; value: string; state: string }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.facet}|${a.value}|${a.state}`.localeCompare(`${b.facet}|${b.value}|${b.state}`));

const backends = await catalogBackends('catalog_summary', { statementTimeoutMs: 60_000 });

describe.each(backends)('filter options follow the catalog on $name', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  const load = (rs: EventRecordInput[]) => importLines(db, rs.map((r) => JSON.stringify(r)), new Set(brands.map((b) => b.id)));
  const agree = async (now: Date) => {
    const summary = await readListedFacets(db, brand.id, now);
    expect(sorted(summary), now.toISOString()).toEqual(sorted(await counted(db, now)));
    await monthsAgree();
    return summary;
  };
  type Bucket = { brand_id: string; facet: string; day: string; value: string; state: string; events: number };
  /** Each month's bucket holds the sum of its days' buckets, and there is no other. */
  const monthsAgree = async () => {
    const buckets = (where: string, facet: string, day: string) =>
      db.query<Bucket>(
        `SELECT brand_id, ${facet} AS facet, to_char(${day}, 'YYYY-MM-DD') AS day, value, state, sum(events)::int AS events
         FROM listed_event_days WHERE ${where} GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      );
    const months = await buckets(`facet IN ('city-month', 'category-month')`, 'facet', 'day');
    expect(months.length).toBeGreaterThan(0);
    expect(months).toEqual(await buckets(`facet IN ('city', 'category')`, `facet || '-month'`, `date_trunc('month', day::timestamp)`));
  };

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, records);
  }, 300_000);
  afterAll(() => close?.());

  test('after an import, and as time passes (an event leaves the counts the moment it ends)', async () => {
    const summary = await agree(new Date('2026-11-20T00:00:00Z'));
    expect(summary.some((f) => f.facet === 'city')).toBe(true);
    expect(summary.some((f) => f.facet === 'category')).toBe(true);
    // Every hour of a few days, and far ahead: the buckets after today plus today's events not yet ended.
    for (let h = 0; h < 96; h += 7) await agree(new Date(Date.parse('2026-11-21T00:30:00Z') + h * 3_600_000));
    // Today's events that have not ended are counted from the smaller side of the day: the
    // events left, or today's bucket less the events already ended. On a day where several
    // events end, at each end and just after it, both sides are taken.
    const [busiest] = await db.query<{ ends: Array<Date | string> }>(
      `SELECT array_agg(listed_until ORDER BY listed_until) AS ends FROM events
       WHERE brand_id = $1 AND listed_until >= $2 AND listed_until < 'infinity'
       GROUP BY (listed_until AT TIME ZONE 'UTC')::date ORDER BY count(DISTINCT listed_until) DESC, 1 LIMIT 1`,
      [brand.id, '2026-11-20T00:00:00Z'],
    );
    const ends = busiest!.ends.map((e) => new Date(e));
    expect(new Set(ends.map(Number)).size).toBeGreaterThanOrEqual(3);
    const sides = new Set<string>();
    for (const end of ends) {
      for (const at of [end, new Date(end.getTime() + 1)]) {
        await agree(at);
        const ended = ends.filter((e) => e < at).length;
        sides.add(ended < ends.length - ended ? 'ended' : 'left');
      }
    }
    expect([...sides].sort()).toEqual(['ended', 'left']);
    // Across the ends of months: the days left in this month, then the months after it.
    for (const at of ['2026-11-30T23:30:00Z', '2026-12-01T00:00:00Z', '2026-12-01T00:30:00Z', '2026-12-15T12:00:00Z', '2026-12-31T23:59:59Z', '2027-01-01T00:00:01Z']) await agree(new Date(at));
    for (const day of ['2027-01-15T13:00:00Z', '2027-02-28T12:00:00Z', '2027-06-01T23:59:00Z', '2030-01-01T00:00:00Z']) await agree(new Date(day));
  });

  test('a new city appears; a city whose events end or go disappears; a venue that moves takes its events along', async () => {
    const now = new Date('2026-11-20T00:00:00Z');
    const template = mine.find((r) => r.venue && !r.is_online && r.starts_at)!;
    const newcomer: EventRecordInput = {
      ...template,
      slug: 'evento-em-cidade-nova',
      starts_at: '2026-12-10T20:00:00-03:00',
      ends_at: '2026-12-10T23:00:00-03:00',
      venue: { ...template.venue!, key: 'praca-de-cidade-nova', city: 'Cidade Nova', state: 'Ceará', state_abbr: 'CE' },
      producer: { slug: 'produtora-de-cidade-nova', name: 'Produtora de Cidade Nova' },
    };
    expect((await load([newcomer])).failed).toEqual([]);
    const cityOf = (rows: Array<{ facet: string; value: string }>) => rows.filter((f) => f.facet === 'city' && f.value === 'Cidade Nova');
    expect(cityOf(await agree(now))).toEqual([{ facet: 'city', value: 'Cidade Nova', state: 'CE', events: 1 }]);
    expect(await readListedOrganizer(db, brand.id, 'produtora-de-cidade-nova', now)).toEqual({ slug: 'produtora-de-cidade-nova', name: 'Produtora de Cidade Nova' });

    // The venue changes city on a later import: the count moves with it.
    const moved = { ...newcomer, venue: { ...newcomer.venue!, city: 'Vila Nova', state_abbr: 'CE' } };
    expect((await load([moved])).failed).toEqual([]);
    let summary = await agree(now);
    expect(cityOf(summary)).toEqual([]);
    expect(summary.filter((f) => f.value === 'Vila Nova')).toEqual([{ facet: 'city', value: 'Vila Nova', state: 'CE', events: 1 }]);

    // Re-imported as already over: the city and the organizer leave the options.
    const over = { ...moved, starts_at: '2026-11-01T20:00:00-03:00', ends_at: '2026-11-01T23:00:00-03:00' };
    expect((await load([over])).failed).toEqual([]);
    summary = await agree(now);
    expect(summary.filter((f) => f.value === 'Vila Nova')).toEqual([]);
    expect(await readListedOrganizer(db, brand.id, 'produtora-de-cidade-nova', now)).toBeNull();
    expect(await readOrganizerPages(db, brand.id, 0, Number.MAX_SAFE_INTEGER, now)).not.toContain('produtora-de-cidade-nova');

    // Back on sale, then withdrawn (deleted): gone again.
    expect((await load([moved])).failed).toEqual([]);
    expect((await agree(now)).filter((f) => f.value === 'Vila Nova')).toHaveLength(1);
    expect(await readOrganizerPages(db, brand.id, 0, Number.MAX_SAFE_INTEGER, now)).toContain('produtora-de-cidade-nova');
    await db.query('DELETE FROM events WHERE brand_id = $1 AND slug = $2', [brand.id, newcomer.slug]);
    expect((await agree(now)).filter((f) => f.value === 'Vila Nova')).toEqual([]);
    expect(await readListedOrganizer(db, brand.id, 'produtora-de-cidade-nova', now)).toBeNull();
  });

  test('an organizer is listed while one of its events is: its latest end, kept on its row', async () => {
    const rows = await db.query<{ slug: string; listed_until: Date | string | null; latest: Date | string | null }>(
      `SELECT p.slug, p.listed_until, (SELECT max(e.listed_until) FROM events e WHERE e.producer_id = p.id) AS latest
       FROM producers p WHERE p.brand_id = $1`,
      [brand.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(String(r.listed_until), r.slug).toBe(String(r.latest));
  });
});
