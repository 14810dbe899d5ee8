import { describe, expect, test } from 'vitest';
import { cleanSearch, withoutEmpty } from './clean-query';

describe('addresses without empty parameters', () => {
  test("a form's submission loses its empty fields and keeps the rest, in order", () => {
    expect(cleanSearch('?q=samba&city=&category=&preco=&sort=')).toBe('?q=samba');
    expect(cleanSearch('?city=&q=forr%C3%B3+p%C3%A9&sort=&acessibilidade=libras&acessibilidade=')).toBe('?q=forr%C3%B3+p%C3%A9&acessibilidade=libras');
    expect(cleanSearch('?q=+&city=')).toBe('');
    expect(cleanSearch('?q=')).toBe('');
  });

  test('an address without empty parameters is left alone', () => {
    expect(cleanSearch('')).toBeNull();
    expect(cleanSearch('?q=samba&page=2')).toBeNull();
    expect(cleanSearch('?q=a%26b')).toBeNull();
  });

  test('parameters built by the site keep only those with a value', () => {
    expect(withoutEmpty(new URLSearchParams({ q: 'samba', city: '', sort: ' ', page: '2' })).toString()).toBe('q=samba&page=2');
  });
});
