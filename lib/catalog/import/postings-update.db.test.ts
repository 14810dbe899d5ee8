import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { demoRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { importLines } from '.';
import type { EventRecord } from '../record';

const brands = demoRegistry(3000).brands;
const brandIds = new Set(brands.map((b) => b.id));
const records = [...generateDemo({ brands, events: 60, anchor: new Date('2026-11-23T00:00:00Z') })] as unknown as EventRecord[];
const lines = (rs: unknown[]) => rs.map((r) => JSON.stringify(r));

const backends = await catalogBackends('catalog_postings_update');

// The postings an update leaves are exactly those the events' keys give, whatever changed,
// each with its event's category and state (migration 028): the trigger rewrites only the
// entries that differ, and this compares with a full rebuild.
describe.each(backends)('search postings follow every kind of update ($name)', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  const held = () =>
    db.query<{ e: string }>(
      `SELECT brand_id || '|' || term || '|' || starts_at::text || '|' || event_id || '|' || listed_until::text || '|' || fields
         || '|' || coalesce(category, '-') || '|' || coalesce(state_key, '-') AS e
       FROM search_postings ORDER BY 1`,
    );
  const rebuilt = () =>
    db.query<{ e: string }>(
      `SELECT n.brand_id || '|' || k.term || '|' || coalesce(n.starts_at, 'infinity')::text || '|' || n.id || '|' || n.listed_until::text || '|' || k.fields
         || '|' || coalesce(n.category, '-') || '|' || coalesce(n.state_key, '-') AS e
       FROM events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online, n.category, n.age_rating, n.min_price_cents, n.accessibility) k
       ORDER BY 1`,
    );

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, records);
  }, 120_000);
  afterAll(() => close?.());

  test('a renamed event keeps the entries of the words it still has: only the new words are written', async () => {
    const r = records.find((x) => x.brand === 'mare')!;
    const entries = () =>
      db.query<{ term: string; at: string }>(
        `SELECT p.term, p.ctid::text AS at FROM search_postings p JOIN events e ON e.id = p.event_id
         WHERE e.brand_id = $1 AND e.slug = $2 AND p.brand_id = $1 ORDER BY p.term`,
        [r.brand, r.slug],
      );
    const before = new Map((await entries()).map((e) => [e.term, e.at]));
    await importLines(db, lines([{ ...r, name: `${r.name} bis` }]), brandIds);
    const after = new Map((await entries()).map((e) => [e.term, e.at]));
    expect(after.has('bis')).toBe(true);
    for (const [term, at] of before) expect(after.get(term), term).toBe(at);
    expect(await held()).toEqual(await rebuilt());
  });

  test('renamed, repriced, moved, ended later, recategorized, moved online, and a venue renamed', async () => {
    expect(await held()).toEqual(await rebuilt());
    const changed = records.map((r, i) => {
      switch (i % 7) {
        case 0: return { ...r, name: `${r.name} edição especial` };
        case 1: return { ...r, sectors: r.sectors.map((s) => ({ ...s, lots: s.lots.map((l) => ({ ...l, price_cents: l.price_cents + 7000 })) })) };
        case 2: return r.starts_at ? { ...r, starts_at: '2027-03-01T20:00:00-03:00', ends_at: null } : r;
        case 3: return { ...r, category: r.category === 'teatro' ? 'shows' : 'teatro' };
        case 4: return { ...r, is_online: !r.is_online };
        case 5: return r.venue ? { ...r, venue: { ...r.venue, city: 'Campina Grande', state_abbr: 'PB' } } : r;
        default: return { ...r, age_rating: r.age_rating === 'livre' ? '14' : 'livre' };
      }
    });
    const report = await importLines(db, lines(changed), brandIds);
    expect(report.failed).toEqual([]);
    const after = await held();
    expect(after).toEqual(await rebuilt());
    expect(after.length).toBeGreaterThan(records.length);
  });
});
