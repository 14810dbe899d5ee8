import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import type { FilterOptions } from '../catalog/filters/options';
import { listingParams, wordsToForm } from './listing-params';

const brand = demoRegistry(3000).brands[0]!;
const options: FilterOptions = { cities: [{ city: 'Recife', state: 'PE', lat: -8.05, lng: -34.9, events: 3 }], states: ['PE'], categories: [], places: { cities: new Set(['recife']) } };
const read = (query: string) => Object.fromEntries(listingParams(new URLSearchParams(query), options, brand, new Date('2026-11-25T12:00:00Z')));

describe('listingParams: the form words become the catalog filters', () => {
  test('preco and livre: free, at most a price, all ages', () => {
    expect(read('preco=gratis')).toMatchObject({ free: 'true' });
    expect(read('preco=100&livre=1')).toMatchObject({ price_max: '100', age_rating: 'livre' });
    expect(read('preco=sete')).not.toHaveProperty('price_max');
    expect(read('livre=yes')).not.toHaveProperty('age_rating');
  });

  test("the catalog's own names for price and age are not read from a page's address", () => {
    const params = read('q=teatro&price_max=100&free=true&age_rating=livre');
    expect(params).toEqual({ q: 'teatro' });
  });

  test('a city to search around becomes a point; distance needs one', () => {
    expect(read('perto=recife&sort=distance')).toMatchObject({ near: '-8.05,-34.9', sort: 'distance' });
    expect(read('sort=distance')).not.toHaveProperty('sort');
  });
});

describe('wordsToForm: a date or a price said in the words is the form field a chip would set', () => {
  const brand = demoRegistry(3000).brands[0]!;
  // Wednesday 25 November 2026, 09:00 in São Paulo.
  const now = new Date('2026-11-25T12:00:00Z');
  const form = (query: string) => Object.fromEntries(wordsToForm(new URLSearchParams(query), brand, now));

  test('relative days become the date chips; named days and months a period', () => {
    expect(form('q=forró+neste+fim+de+semana')).toEqual({ q: 'forró', quando: 'fim-de-semana' });
    expect(form('q=samba+hoje')).toEqual({ q: 'samba', quando: 'hoje' });
    expect(form('q=jazz+amanhã')).toEqual({ q: 'jazz', quando: 'amanha' });
    expect(form('q=stand+up+sábado')).toEqual({ q: 'stand up', quando: 'periodo', date_from: '2026-11-28', date_to: '2026-11-28' });
    expect(form('q=teatro+em+dezembro')).toEqual({ q: 'teatro', quando: 'periodo', date_from: '2026-12-01', date_to: '2026-12-31' });
    expect(form('q=frevo+dia+12')).toEqual({ q: 'frevo', quando: 'periodo', date_from: '2026-12-12', date_to: '2026-12-12' });
  });

  test('prices become the price field, any whole amount', () => {
    expect(form('q=shows+grátis')).toEqual({ q: 'shows', preco: 'gratis' });
    expect(form('q=samba+até+80+reais+sábado')).toEqual({ q: 'samba', preco: '80', quando: 'periodo', date_from: '2026-11-28', date_to: '2026-11-28' });
    expect(read('preco=80')).toMatchObject({ price_max: '80' });
  });

  test('a field the form sets wins; words without a filter stay as typed', () => {
    expect(form('q=forró+hoje&quando=7-dias')).toEqual({ q: 'forró hoje', quando: '7-dias' });
    expect(form('q=Teatro+Até+50+reais&preco=200')).toEqual({ q: 'Teatro Até 50 reais', preco: '200' });
    expect(form('q=Forró+em+Recife')).toEqual({ q: 'Forró em Recife' });
  });
});

describe('wordsToForm: a city or a state said in the words is the field the city select or a state chip sets', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const places = { cities: [...options.cities, { city: 'São Paulo', state: 'SP', lat: -23.55, lng: -46.63, events: 9 }] };
  const form = (query: string) => Object.fromEntries(wordsToForm(new URLSearchParams(query), brand, now, places));

  test("the review's sentence: a city chip, a date chip and the words that say what", () => {
    expect(form('q=Quero+um+show+de+samba+em+Recife+neste+fim+de+semana')).toEqual({ q: 'show de samba', city: 'Recife', quando: 'fim-de-semana' });
  });

  test('cities as the catalog spells them; states by name or abbreviation', () => {
    expect(form('q=stand+up+em+sao+paulo+sábado')).toEqual({ q: 'stand up', city: 'São Paulo', quando: 'periodo', date_from: '2026-11-28', date_to: '2026-11-28' });
    expect(form('q=forró+RECIFE')).toEqual({ q: 'forró', city: 'Recife' });
    expect(form('q=frevo+em+Pernambuco')).toEqual({ q: 'frevo', state: 'PE' });
    expect(form('q=jazz+SP')).toEqual({ q: 'jazz', state: 'SP' });
    expect(form('q=eventos+em+Recife')).toEqual({ city: 'Recife' });
  });

  test('a city the form sets, or a place to search around, wins over the words; the same city said again leaves them', () => {
    expect(form('q=forró+em+Recife&city=São+Paulo')).toEqual({ q: 'forró em Recife', city: 'São Paulo' });
    expect(form('q=forró+em+recife&city=Recife')).toEqual({ q: 'forró', city: 'Recife' });
    expect(form('q=frevo+PE&state=pe')).toEqual({ q: 'frevo', state: 'pe' });
    expect(form('q=forró+em+Recife&perto=Recife')).toEqual({ q: 'forró em Recife', perto: 'Recife' });
    expect(form('q=samba+perto+de+Recife')).toEqual({ q: 'samba perto de Recife' });
  });
});
