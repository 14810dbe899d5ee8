import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../../brand/registry';
import { PROBLEMS } from '../../http/problem';
import { searchParams } from '../../mcp/tools/search-events';
import { listingKey } from '../listing/events';
import { parseListQuery } from '../listing/query-params';
import { ALL_FILTERS, API_FILTER_CODES, FILTER_PROBLEMS } from '.';

const brand = demoRegistry(3000).brands[0]!;
// Wednesday 25 November 2026, 09:00 in São Paulo.
const now = new Date('2026-11-25T12:00:00Z');
const mcp = (args: Record<string, unknown>) =>
  searchParams(args, { brand, now, today: '2026-11-25', timeZone: 'America/Sao_Paulo', center: async (city) => (city === 'Recife' ? { lat: -8.05, lng: -34.9 } : null), cities: ['Recife', 'São Paulo'] });

describe('the filter declarations', () => {
  test('each names its own parameters, site fields and chip: none shared, chips in distinct places', () => {
    const params = ALL_FILTERS.flatMap((f) => f.params);
    expect(new Set(params).size).toBe(params.length);
    const chips = ALL_FILTERS.map((f) => f.site.fields[0]);
    expect(new Set(chips).size).toBe(chips.length);
    expect(new Set(ALL_FILTERS.map((f) => f.site.order)).size).toBe(ALL_FILTERS.length);
    for (const f of ALL_FILTERS.filter((f) => f.api)) for (const name of Object.keys(f.doc ?? {})) expect(f.params, f.name).toContain(name);
  });

  test('their codes are in the one error table, as 400s; the API answers those of the API filters only', () => {
    for (const [code, p] of Object.entries(FILTER_PROBLEMS)) expect(PROBLEMS[code as keyof typeof PROBLEMS]).toEqual(p);
    expect(API_FILTER_CODES).toEqual(['invalid_date', 'invalid_date_range', 'invalid_near', 'invalid_radius', 'invalid_category', 'invalid_accessibility', 'invalid_sort']);
  });

  test('every filter has its part of the snapshot key: different values, different keys', () => {
    const key = (qs: string) => listingKey(brand, parseListQuery(new URLSearchParams(qs), { prices: true }));
    const asked = ['city=Recife', 'state=pe', 'organization=x', 'date_from=2026-12-01', 'date_to=2026-12-01', 'near=-8,-35', 'near=-8,-35&radius_km=10', 'category=teatro', 'accessibility=libras', 'free=1', 'price_max=80', 'age_rating=livre', 'sort=date', 'q=samba', 'page=2'];
    const keys = asked.map(key);
    expect(new Set([key(''), ...keys]).size).toBe(asked.length + 1);
    // A radius without a point is no filter.
    expect(key('radius_km=10')).toBe(key(''));
  });
});

describe("MCP's search arguments become the catalog's parameters through the declarations", () => {
  test('a city or a state in q is the filter, unless one is given (the site and A2A read places the same way)', async () => {
    const read = async (args: Record<string, unknown>) => Object.fromEntries((await mcp(args)) as URLSearchParams);
    expect(await read({ q: 'jazz in são paulo this weekend' })).toEqual({ q: 'jazz', city: 'São Paulo', date_from: '2026-11-28', date_to: '2026-11-29' });
    expect(await read({ q: 'frevo em Pernambuco' })).toEqual({ q: 'frevo', state: 'PE' });
    expect(await read({ q: 'samba em Recife', city: 'Salvador' })).toEqual({ q: 'samba em Recife', city: 'Salvador' });
    expect(await read({ q: 'samba perto de Recife' })).toEqual({ q: 'samba perto de Recife' });
  });

  test('given filters win over words; a price in the words is read before a date', async () => {
    // Read first, "até 50" is followed by "hoje": a bare number then is no price (the site,
    // which reads the date first, finds one). The tool has always read it so.
    expect(Object.fromEntries((await mcp({ q: 'samba até 50 hoje' })) as URLSearchParams)).toEqual({ q: 'samba ate 50', date_from: '2026-11-25', date_to: '2026-11-25' });
    expect(Object.fromEntries((await mcp({ q: 'samba hoje até 50' })) as URLSearchParams)).toEqual({ q: 'samba', price_max: '50', date_from: '2026-11-25', date_to: '2026-11-25' });
    expect(Object.fromEntries((await mcp({ q: 'samba até 50 reais', free: true, when: 'tomorrow' })) as URLSearchParams)).toEqual({
      q: 'samba até 50 reais',
      free: 'true',
      date_from: '2026-11-26',
      date_to: '2026-11-26',
    });
    expect(Object.fromEntries((await mcp({ near_city: 'Recife', radius_km: 20, all_ages: true, sort: 'distance', page: 2 })) as URLSearchParams)).toEqual({
      page: '2',
      radius_km: '20',
      near: '-8.05,-34.9',
      age_rating: 'livre',
      sort: 'distance',
    });
  });

  test('a city the catalog does not have is an answer, not a filter left out', async () => {
    expect(await mcp({ near_city: 'Atlântida' })).toBe('No city "Atlântida" in this catalog; see the cities of the events found by q.');
  });
});
