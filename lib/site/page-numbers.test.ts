import { describe, expect, test } from 'vitest';
import { pageNumbers } from './page-numbers';

describe('pageNumbers', () => {
  test('one page, a few pages: all of them', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  });

  test('many pages: the ends, the current one and its neighbours, gaps as null', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 19, 20]);
    // A gap of a single page shows that page.
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageNumbers(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
});
