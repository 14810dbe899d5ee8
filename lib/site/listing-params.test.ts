import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import type { FilterOptions } from '../catalog/filters';
import { listingParams } from './listing-params';

const brand = demoRegistry(3000).brands[0]!;
const options: FilterOptions = { cities: [{ city: 'Recife', state: 'PE', lat: -8.05, lng: -34.9, events: 3 }], states: ['PE'], categories: [] };
const read = (query: string) => Object.fromEntries(listingParams(new URLSearchParams(query), options, brand, new Date('2026-11-25T12:00:00Z')));

describe('listingParams: the form words become the catalog filters', () => {
  test('preco and livre: free, at most a price, all ages', () => {
    expect(read('preco=gratis')).toMatchObject({ free: 'true' });
    expect(read('preco=100&livre=1')).toMatchObject({ price_max: '100', age_rating: 'livre' });
    expect(read('preco=7')).not.toHaveProperty('price_max');
    expect(read('livre=yes')).not.toHaveProperty('age_rating');
  });

  test('a price said in the search words is the same filter, taken out of the words', () => {
    expect(read('q=teatro+até+50+reais')).toMatchObject({ q: 'teatro', price_max: '50' });
    expect(read('q=samba+de+graça')).toMatchObject({ q: 'samba', free: 'true' });
    // The form's choice wins over the words.
    expect(read('q=teatro+até+50+reais&preco=200')).toMatchObject({ q: 'teatro até 50 reais', price_max: '200' });
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
