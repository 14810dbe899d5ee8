import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../brand/registry';
import type { Brand } from '../../brand/schema';
import { startCatalog } from '../../startup/catalog';
import { getFilterOptions } from '../filters/options';
import { listEvents } from './events';
import { parseListQuery } from './query-params';
import { waysOut, wayLabel } from './ways-out';

// The ways out of an empty search, shared by the site, MCP and A2A, on the demo catalog:
// each one finds what its count says, and words that match nothing lead to the catalog's
// categories and cities.

const totalOf = async (brand: Brand, params: URLSearchParams) =>
  (await listEvents(brand, parseListQuery(new URLSearchParams({ ...Object.fromEntries(params), per_page: '1' }), { prices: true }))).list.meta.total;

describe('waysOut', () => {
  let brands: Brand[] = [];
  beforeAll(async () => {
    await startCatalog();
    brands = brandRegistry().brands;
  }, 120_000);

  test('words that match nothing: the categories and cities of the catalog, with the counts their filters give', async () => {
    for (const brand of brands) {
      const options = await getFilterOptions(brand);
      const ways = await waysOut(brand, new URLSearchParams({ q: 'zumbalanga quântica' }), options);
      expect(ways.map((w) => w.kind)).toEqual([...ways.filter((w) => w.kind === 'category').map(() => 'category'), ...ways.filter((w) => w.kind === 'city').map(() => 'city')]);
      expect(ways.filter((w) => w.kind === 'category').length).toBeGreaterThanOrEqual(3);
      expect(ways.filter((w) => w.kind === 'city').length).toBeGreaterThanOrEqual(3);
      for (const way of ways) expect(way.count.total, `${brand.id} ${wayLabel(way, '')}`).toBe(await totalOf(brand, way.params));
    }
  });

  test('a search with filters: without each filter, without the words, in other cities, each counted; nothing that finds nothing', async () => {
    for (const brand of brands) {
      const options = await getFilterOptions(brand);
      const asked = new URLSearchParams({ q: 'samba', city: 'Recife' });
      expect(await totalOf(brand, asked)).toBe(0);
      const ways = await waysOut(brand, asked, options);
      const labels = ways.map((w) => wayLabel(w, 'samba'));
      expect(labels).toContain('Sem as palavras “samba”');
      expect(labels).toContain('Em todas as cidades');
      expect(ways.filter((w) => w.kind === 'other_city').length).toBeGreaterThan(0);
      expect(ways.some((w) => w.kind === 'category' || w.kind === 'city')).toBe(false);
      for (const way of ways) {
        expect(way.count.total).toBeGreaterThan(0);
        expect(way.count.total, `${brand.id} ${wayLabel(way, 'samba')}`).toBe(await totalOf(brand, way.params));
      }
    }
  });

  test('dates: without them, and the 30 days from the first day asked', async () => {
    const brand = brands[0]!;
    const options = await getFilterOptions(brand);
    // A day long past: nothing starts then, every event is later.
    const ways = await waysOut(brand, new URLSearchParams({ q: 'jazz', date_from: '2020-01-04', date_to: '2020-01-05' }), options, new Date('2026-11-25T12:00:00Z'));
    const byKind = new Map(ways.map((w) => [w.kind === 'without' ? (w.filter?.name ?? 'q') : w.kind, w]));
    expect(byKind.get('dates')?.count.total).toBe(await totalOf(brand, new URLSearchParams({ q: 'jazz' })));
    const later = byKind.get('later');
    if (later?.kind === 'later') expect([later.from, later.to]).toEqual(['2026-11-25', '2026-12-25']);
  });

  test('filters in the way together: the words alone; and when nothing would find anything, the catalog\'s kinds and places', async () => {
    for (const brand of brands) {
      const options = await getFilterOptions(brand);
      // Samba in Recife on a weekend long past: no one filter is enough to drop.
      const ways = await waysOut(brand, new URLSearchParams({ q: 'samba', city: 'Recife', date_from: '2020-01-04', date_to: '2020-01-05' }), options);
      expect(ways.map((w) => w.kind)).toEqual(['only_words']);
      expect(wayLabel(ways[0]!, 'samba')).toBe('Só as palavras “samba”, sem filtros');
      expect(ways[0]!.count.total).toBe(await totalOf(brand, new URLSearchParams({ q: 'samba' })));
      // No words, a city the catalog does not have on a day long past: the catalog's kinds of event and cities.
      const browse = await waysOut(brand, new URLSearchParams({ city: 'Atlântida', date_from: '2020-01-04', date_to: '2020-01-04' }), options, new Date('2019-01-01T12:00:00Z'));
      expect(new Set(browse.map((w) => w.kind))).toEqual(new Set(['category', 'city']));
    }
  });
});
