import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../brand/registry';
import { getDb } from '../../db';
import { startCatalog } from '../../startup/catalog';
import { ACCESSIBILITY_LABELS, type AccessibilityFeature } from '../categories';
import { EventDetailSchema } from '../public-schema';
import { clearSnapshots } from '../snapshot-cache';
import { toPublicDetail } from './public';
import { getEvent } from './read';

// The process-wide catalog: embedded, in memory, with the demo catalog.
describe("an event's view", () => {
  const [aurora, mare] = brandRegistry().brands;
  beforeAll(async () => {
    await startCatalog();
  }, 120_000);

  test('is read in one statement: the event, its status and traits, and every lot with its price with fees', async () => {
    const db = await getDb();
    // One event of each status that has a category and an age rating.
    const picked = await db.query<{ slug: string; event_status: string; category: string; age_rating: string; moved: boolean }>(
      `SELECT DISTINCT ON (event_status) slug, event_status, category, age_rating, previous_starts_at IS NOT NULL AS moved
       FROM events WHERE brand_id = $1 AND category IS NOT NULL AND age_rating IS NOT NULL ORDER BY event_status, id`,
      [aurora!.id],
    );
    expect(picked.map((p) => p.event_status).sort()).toEqual(['cancelled', 'postponed', 'rescheduled', 'scheduled']);
    for (const p of picked) {
      clearSnapshots();
      const before = db.queryCount;
      const view = (await getEvent(aurora!, p.slug))!;
      expect(db.queryCount - before, p.slug).toBe(1);
      expect(view).toMatchObject({ slug: p.slug, event_status: p.event_status, category: p.category, age_rating: p.age_rating });
      expect(view.traits.filter((t) => t.key === 'category' || t.key === 'age_rating').map((t) => [t.key, t.value])).toEqual([
        ['category', p.category],
        ['age_rating', p.age_rating],
      ]);
      // The start announced before a move, in the event's own zone.
      if (p.moved) expect(view.previous_starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/);
      else expect(view.previous_starts_at).toBeNull();
      const lots = await db.query<{ sector: string; lot: string; price_cents: number; fee_cents: number; available: boolean }>(
        `SELECT s.name AS sector, l.name AS lot, l.price_cents, l.fee_cents, l.available
         FROM events e JOIN ticket_sectors s ON s.event_id = e.id JOIN ticket_lots l ON l.sector_id = s.id
         WHERE e.brand_id = $1 AND e.slug = $2 ORDER BY s.position, l.position`,
        [aurora!.id, p.slug],
      );
      expect(lots.length).toBeGreaterThan(0);
      expect(view.sectors.flatMap((s) => s.lots.map((l) => [s.name, l.name, l.price_cents, l.fee_cents, l.total_cents, l.available]))).toEqual(
        lots.map((l) => [l.sector, l.lot, l.price_cents, l.fee_cents, l.price_cents + l.fee_cents, l.available]),
      );
    }
  });

  test('what the event offers for access: its features in the list\'s order and its note, as traits; none for an event without', async () => {
    const db = await getDb();
    const [row] = await db.query<{ slug: string; accessibility: string[]; accessibility_notes: string }>(
      `SELECT slug, accessibility, accessibility_notes FROM events
       WHERE brand_id = $1 AND cardinality(accessibility) > 1 AND accessibility_notes IS NOT NULL ORDER BY id LIMIT 1`,
      [aurora!.id],
    );
    const view = (await getEvent(aurora!, row!.slug))!;
    expect(view.accessibility).toEqual({ features: row!.accessibility, notes: row!.accessibility_notes });
    expect(view.traits.filter((t) => t.key.startsWith('accessibility'))).toEqual([
      { key: 'accessibility', label: 'Acessibilidade', text: row!.accessibility.map((f) => ACCESSIBILITY_LABELS[f as AccessibilityFeature]).join(', '), value: row!.accessibility.join(',') },
      { key: 'accessibility_notes', label: 'Sobre a acessibilidade', text: row!.accessibility_notes, value: row!.accessibility_notes },
    ]);
    const [plain] = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE brand_id = $1 AND accessibility = '{}' ORDER BY id LIMIT 1`, [aurora!.id]);
    const without = (await getEvent(aurora!, plain!.slug))!;
    expect(without.accessibility).toEqual({ features: [], notes: null });
    expect(without.traits.filter((t) => t.key.startsWith('accessibility'))).toEqual([]);
  });

  test("cut to the API's closed field list, in the schema's order, once per view", async () => {
    const db = await getDb();
    const [row] = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE brand_id = $1 AND producer_id IS NOT NULL ORDER BY id LIMIT 1`, [aurora!.id]);
    const view = (await getEvent(aurora!, row!.slug))!;
    const detail = toPublicDetail(view);
    expect(Object.keys(detail)).toEqual(Object.keys(EventDetailSchema.shape));
    expect(EventDetailSchema.parse(detail)).toEqual(detail);
    expect(detail).toMatchObject({ slug: row!.slug, status: null, producer: view.producer });
    expect(toPublicDetail(view)).toBe(detail);
  });

  test("carries the event's own purchase address, which the API's detail never shows", async () => {
    const db = await getDb();
    const [sold] = await db.query<{ slug: string; purchase_url: string }>(`SELECT slug, purchase_url FROM events WHERE brand_id = $1 AND purchase_url IS NOT NULL ORDER BY id LIMIT 1`, [aurora!.id]);
    const [unsold] = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE brand_id = $1 AND purchase_url IS NULL ORDER BY id LIMIT 1`, [aurora!.id]);
    const view = (await getEvent(aurora!, sold!.slug))!;
    expect(view.purchase_url).toBe(sold!.purchase_url);
    expect(JSON.stringify(toPublicDetail(view))).not.toContain('purchase');
    expect((await getEvent(aurora!, unsold!.slug))!.purchase_url).toBeNull();
  });

  test('is null, without a query, for a slug the catalog could not hold; null for another brand', async () => {
    const db = await getDb();
    const [row] = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE brand_id = $1 ORDER BY id LIMIT 1`, [aurora!.id]);
    const before = db.queryCount;
    for (const slug of ['../etc', 'Maiúsculas', '', 'a'.repeat(161)]) expect(await getEvent(aurora!, slug), slug).toBeNull();
    expect(db.queryCount).toBe(before);
    expect(await getEvent(mare!, row!.slug)).toBeNull();
  });
});
