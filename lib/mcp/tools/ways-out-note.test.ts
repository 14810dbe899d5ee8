import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../../brand/registry';
import { searchParams } from './search-events';
import { searchArgs } from './ways-out-note';

const brand = demoRegistry(3000).brands[0]!;
const now = new Date('2026-11-25T12:00:00Z');
const ctx = { brand, now, today: '2026-11-25', timeZone: 'America/Sao_Paulo', center: async () => null, cities: ['Recife'] };

describe('searchArgs: the arguments that ask search_events again for a way out', () => {
  test("each filter's arguments read back into the same catalog query", async () => {
    const asked: Array<Record<string, unknown>> = [
      { q: 'samba', city: 'Recife', date_from: '2026-12-01', date_to: '2026-12-05' },
      { state: 'PE', category: 'shows', free: true, all_ages: true },
      { max_price: 80, accessibility: ['wheelchair', 'libras'], sort: 'price' },
      { near: { latitude: -8.05, longitude: -34.9 }, radius_km: 20, organization: 'silva-producoes' },
    ];
    for (const args of asked) {
      const params = (await searchParams(args, ctx)) as URLSearchParams;
      const again = (await searchParams(searchArgs(params), ctx)) as URLSearchParams;
      expect(Object.fromEntries(again), JSON.stringify(args)).toEqual(Object.fromEntries(params));
    }
    expect(searchArgs(new URLSearchParams({ q: 'jazz', city: 'São Paulo', free: 'true', near: '-8.05,-34.9' }))).toEqual({
      q: 'jazz',
      city: 'São Paulo',
      near: { latitude: -8.05, longitude: -34.9 },
      free: true,
    });
  });
});
