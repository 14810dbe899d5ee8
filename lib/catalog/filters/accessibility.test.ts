import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../../brand/registry';
import { activeFilters } from '../../site/active-filters';
import { listingParams, wordsToForm } from '../../site/listing-params';
import { searchParams } from '../../mcp/tools/search-events';
import { listingKey } from '../listing/events';
import { parseListQuery } from '../listing/query-params';
import { readRequestWords, readSearchFilters } from '../listing/search-filters';
import { accessibility, readAccessibilityWords } from './accessibility';

const brand = demoRegistry(3000).brands[0]!;
const now = new Date('2026-11-25T12:00:00Z');
const api = (qs: string) => readSearchFilters(new URLSearchParams(qs));

describe('the accessibility filter', () => {
  test('the API reads features of the closed list, every one required, each once in the list order', () => {
    expect(api('accessibility=wheelchair')).toEqual({ filters: expect.objectContaining({ accessibility: ['wheelchair'] }), error: null });
    expect(api('accessibility=reserved_seats,+libras,wheelchair,libras').filters.accessibility).toEqual(['wheelchair', 'libras', 'reserved_seats']);
    expect(api('accessibility=libras&accessibility=audio_description').filters.accessibility).toEqual(['libras', 'audio_description']);
    // Blank is absent.
    for (const qs of ['accessibility=', 'accessibility=+,+', '']) expect(api(qs), qs).toEqual({ filters: expect.not.objectContaining({ accessibility: expect.anything() }), error: null });
  });

  test('anything else is a 400 with a stable code, naming the value', () => {
    for (const value of ['ramp', 'Wheelchair', 'wheelchair,ramp', 'cadeirantes', 'wheelchair;libras']) {
      const { filters, error } = api(`accessibility=${encodeURIComponent(value)}`);
      expect(error, value).toEqual({ code: 'invalid_accessibility', detail: expect.stringContaining('wheelchair, libras, audio_description, accessible_toilets, reserved_seats') });
      expect(filters.accessibility).toBeUndefined();
    }
    expect(api('accessibility=%3Cscript%3E').error!.detail).toContain('"<script>" is not one');
  });

  test('its part of the snapshot key: the same features in any order share it, others do not', () => {
    const key = (qs: string) => listingKey(brand, parseListQuery(new URLSearchParams(qs)));
    expect(key('accessibility=libras,wheelchair')).toBe(key('accessibility=wheelchair,libras'));
    expect(new Set([key(''), key('accessibility=libras'), key('accessibility=wheelchair'), key('accessibility=wheelchair,libras')]).size).toBe(4);
  });

  test('on the website: a chip of its own that the form turns into the catalog parameter, and that removes it', () => {
    const params = (qs: string) => Object.fromEntries(listingParams(new URLSearchParams(qs), { cities: [], states: [], categories: [], places: { cities: new Set() } }, brand, now));
    expect(params('acessibilidade=cadeirantes')).toEqual({ acessibilidade: 'cadeirantes', accessibility: 'wheelchair' });
    expect(params('acessibilidade=libras&acessibilidade=audiodescricao')).toMatchObject({ accessibility: 'libras,audio_description' });
    // Not a chip, or the catalog's own name in the address: nothing.
    expect(params('acessibilidade=rampa')).not.toHaveProperty('accessibility');
    expect(params('accessibility=wheelchair')).not.toHaveProperty('accessibility');
    const chips = activeFilters(new URLSearchParams('q=samba&acessibilidade=cadeirantes&acessibilidade=libras&page=2'));
    expect(chips.map((c) => c.label)).toEqual(['“samba”', 'Acessível para cadeirantes, Intérprete de Libras']);
    expect(chips[1]!.href).toBe('/?q=samba');
    expect(accessibility.site.drop?.(chips[1]!.label)).toBe('Sem filtro de acessibilidade');
    expect(activeFilters(new URLSearchParams('acessibilidade=rampa'))).toEqual([]);
  });

  test("people's words set it: the search box, MCP's q and A2A", () => {
    expect(readAccessibilityWords('show acessivel para cadeirantes')).toEqual({ rest: 'show', features: ['wheelchair'] });
    expect(readAccessibilityWords('teatro com interprete de libras e audiodescricao')).toEqual({ rest: 'teatro', features: ['libras', 'audio_description'] });
    expect(readAccessibilityWords('para cadeirante com banheiro acessivel')).toEqual({ rest: '', features: ['wheelchair', 'accessible_toilets'] });
    expect(readAccessibilityWords('cadeira de rodas assentos reservados')).toEqual({ rest: '', features: ['wheelchair', 'reserved_seats'] });
    expect(readAccessibilityWords('forro em recife')).toEqual({ rest: 'forro em recife', features: [] });
    // A word that only contains one is no feature.
    expect(readAccessibilityWords('librasil cadeirantesco').features).toEqual([]);

    const form = (qs: string) => Object.fromEntries(wordsToForm(new URLSearchParams(qs), brand, now));
    expect(form('q=forró+acessível+para+cadeirantes')).toEqual({ q: 'forró', acessibilidade: 'cadeirantes' });
    expect([...wordsToForm(new URLSearchParams('q=Teatro+com+intérprete+de+Libras'), brand, now)]).toEqual([['q', 'Teatro'], ['acessibilidade', 'libras']]);
    // The form's own choice wins over the words.
    expect(form('q=samba+libras&acessibilidade=cadeirantes')).toEqual({ q: 'samba libras', acessibilidade: 'cadeirantes' });
  });

  test('MCP: the argument, or words of q when it is not given', async () => {
    const mcp = async (args: Record<string, unknown>) =>
      Object.fromEntries((await searchParams(args, { brand, now, today: '2026-11-25', timeZone: 'America/Sao_Paulo', center: async () => null, cities: [] })) as URLSearchParams);
    expect(await mcp({ accessibility: ['libras', 'wheelchair'] })).toEqual({ accessibility: 'wheelchair,libras' });
    expect(await mcp({ q: 'stand up com intérprete de Libras' })).toEqual({ q: 'stand up', accessibility: 'libras' });
    expect(await mcp({ q: 'samba audiodescrição', accessibility: ['wheelchair'] })).toEqual({ q: 'samba audiodescrição', accessibility: 'wheelchair' });
  });

  test('A2A: the words of a request, with a note of what was read', () => {
    const read = readRequestWords('teatro acessível para cadeirantes com intérprete de Libras', { cities: [], now, timeZone: 'America/Sao_Paulo', brl: (c) => `R$ ${c / 100}` });
    const params = new URLSearchParams();
    read.set(params);
    expect([read.q, Object.fromEntries(params), read.notes]).toEqual(['teatro', { accessibility: 'wheelchair,libras' }, ['acessibilidade: Acessível para cadeirantes, Intérprete de Libras']]);
  });
});
