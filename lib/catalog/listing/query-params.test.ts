import { describe, expect, test } from 'vitest';
import { parseListQuery } from './query-params';

const parse = (qs: string) => parseListQuery(new URLSearchParams(qs));

describe('parseListQuery', () => {
  test.each([
    ['', 1, 20],
    ['page=0', 1, 20],
    ['page=-5', 1, 20],
    ['page=abc', 1, 20],
    ['page=2.7', 2, 20],
    ['page=%20%203%20', 3, 20],
    ['page=1e400', 1, 20],
    ['page=9007199254740993', Number.MAX_SAFE_INTEGER, 20],
    ['per_page=0', 1, 1],
    ['per_page=51', 1, 50],
    ['per_page=1000', 1, 50],
    ['per_page=abc', 1, 20],
    ['per_page=', 1, 20],
    ['per_page=-1', 1, 1],
    ['per_page=3.9', 1, 3],
    // Decimal numbers only: other notations are not numbers.
    ['page=0x10', 1, 20],
    ['page=1e3', 1, 20],
    ['page=0b11&per_page=0o7', 1, 20],
    ['page=Infinity&per_page=-Infinity', 1, 20],
    ['page=1_000&per_page=1e1', 1, 20],
    ['per_page=0x10', 1, 20],
    ['page=%D9%A3', 1, 20], // an Arabic-Indic digit
    ['page=%2B3&per_page=%2B7', 3, 7],
    ['page=.5&per_page=7.', 1, 7],
    [`page=${'9'.repeat(400)}&per_page=${'9'.repeat(400)}`, Number.MAX_SAFE_INTEGER, 50],
    [`per_page=-${'9'.repeat(400)}`, 1, 1],
  ])('%s → page %i, per_page %i', (qs, page, perPage) => {
    const q = parse(qs);
    expect(q.page).toBe(page);
    expect(q.perPage).toBe(perPage);
  });

  test('blank text parameters are absent; text is trimmed and cut to 200 characters', () => {
    expect(parse('q=%20%20&city=&state=%09&organization=')).toEqual({ page: 1, perPage: 20 });
    expect(parse('q=%20forr%C3%B3%20').q).toBe('forró');
    expect(parse(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
    // Trimmed before the cut: leading blanks do not eat into the 200 characters.
    expect(parse(`q=${'%20'.repeat(50)}${'y'.repeat(300)}`).q).toBe('y'.repeat(200));
    expect(parse(`q=${'z'.repeat(200)}`).q).toBe('z'.repeat(200));
    for (const name of ['city', 'state', 'organization'] as const) {
      expect(parse(`${name}=${'w'.repeat(300)}`)[name]).toHaveLength(200);
    }
  });

  test('every parameter is read at once, and unknown ones are ignored', () => {
    expect(parse('q=forr%C3%B3&city=Recife&state=pe&organization=silva-eventos&page=3&per_page=10&sort=evil')).toEqual({
      q: 'forró',
      city: 'Recife',
      state: 'pe',
      organization: 'silva-eventos',
      page: 3,
      perPage: 10,
    });
  });

  test('NUL characters are dropped: PostgreSQL text cannot hold them', () => {
    expect(parse('city=s%00p&organization=%00x%00&q=%00')).toEqual({ city: 'sp', organization: 'x', page: 1, perPage: 20 });
  });

  test('the first of repeated parameters counts', () => {
    expect(parse('city=recife&city=natal').city).toBe('recife');
  });
});
