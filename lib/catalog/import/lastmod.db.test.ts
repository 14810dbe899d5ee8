import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { demoRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { importLines } from '.';
import type { EventRecord } from '../record';
import { readEventPages } from '../listing/sitemap';

const brands = demoRegistry(3000).brands;
const brandIds = new Set(brands.map((b) => b.id));
const records = [...generateDemo({ brands, events: 24, anchor: new Date('2026-11-23T00:00:00Z') })] as unknown as EventRecord[];
const lines = (rs: unknown[]) => rs.map((r) => JSON.stringify(r));

const backends = await catalogBackends('catalog_lastmod');

// The sitemap's lastmod is the event's updated_at: the last change of what its page shows.
describe.each(backends)('sitemap lastmod from the catalog ($name)', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  /** lastmod of every event page, by brand/slug, as the sitemap reads it. */
  const lastmods = async () => {
    const all = new Map<string, string>();
    for (const b of brands) for (const p of await readEventPages(db, b.id, 0, Number.MAX_SAFE_INTEGER)) all.set(`${b.id}/${p.slug}`, p.lastmod);
    return all;
  };
  const key = (r: EventRecord) => `${r.brand}/${r.slug}`;

  beforeAll(async () => {
    ({ db, close } = await open());
    expect((await fillCatalog(db, brands, records)).imported).toBe(records.length);
  }, 120_000);
  afterAll(() => close?.());

  test('an unchanged re-import keeps every lastmod', async () => {
    const before = await lastmods();
    expect(before.size).toBe(records.length);
    expect((await importLines(db, lines(records), brandIds)).imported).toBe(records.length);
    expect(await lastmods()).toEqual(before);
  });

  test('a changed name or ticket price moves that event only; internal notes move nothing', async () => {
    const before = await lastmods();
    const [renamed, repriced, noted] = records.filter((r) => r.sectors.length > 0 && r.producer);
    const changed = records.map((r) => {
      if (r === renamed) return { ...r, name: `${r.name} (data extra)` };
      if (r === repriced) return { ...r, sectors: r.sectors.map((s, i) => (i === 0 ? { ...s, lots: s.lots.map((l) => ({ ...l, price_cents: l.price_cents + 100 })) } : s)) };
      if (r === noted) return { ...r, internal_notes: 'conferir o contrato' };
      return r;
    });
    await importLines(db, lines(changed), brandIds);
    const after = await lastmods();
    expect(after.get(key(renamed!))! > before.get(key(renamed!))!).toBe(true);
    expect(after.get(key(repriced!))! > before.get(key(repriced!))!).toBe(true);
    expect(after.get(key(noted!))).toBe(before.get(key(noted!)));
    for (const [k, v] of after) if (k !== key(renamed!) && k !== key(repriced!)) expect(v, k).toBe(before.get(k));
  });

  test("a venue renamed on one event's line moves every event at that venue, even those not in the import", async () => {
    const byVenue = new Map<string, EventRecord[]>();
    for (const r of records) if (r.venue) byVenue.set(`${r.brand}/${r.venue.key}`, [...(byVenue.get(`${r.brand}/${r.venue.key}`) ?? []), r]);
    const shared = [...byVenue.values()].find((rs) => rs.length > 1) ?? [...byVenue.values()][0]!;
    const before = await lastmods();
    const first = shared[0]!;
    await importLines(db, lines([{ ...first, venue: { ...first.venue!, name: `${first.venue!.name ?? 'Local'} (novo nome)` } }]), brandIds);
    const after = await lastmods();
    for (const r of shared) expect(after.get(key(r))! > before.get(key(r))!, key(r)).toBe(true);
    const untouched = records.find((r) => r.brand === first.brand && r.venue?.key !== first.venue!.key && r.producer?.slug !== first.producer?.slug);
    if (untouched) expect(after.get(key(untouched))).toBe(before.get(key(untouched)));
  });

  test('a row imported before digests were kept keeps its lastmod on its first re-import', async () => {
    const r = records[5]!;
    await db.query('UPDATE events SET content_digest = NULL WHERE brand_id = $1 AND slug = $2', [r.brand, r.slug]);
    const before = (await lastmods()).get(key(r));
    await importLines(db, lines([r]), brandIds);
    expect((await lastmods()).get(key(r))).toBe(before);
    const [row] = await db.query<{ digest: string | null }>('SELECT content_digest AS digest FROM events WHERE brand_id = $1 AND slug = $2', [r.brand, r.slug]);
    expect(row?.digest).toMatch(/^[\w-]{43}$/);
  });
});
