import { describe, expect, test } from 'vitest';
import { etagMatches, strongEtag } from './headers';
import { PROBLEMS, PROBLEM_CODES, ProblemSchema, problemBody } from './problem';

describe('etagMatches', () => {
  const etag = strongEtag('{"a":1}');
  test.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"x", ${etag}`, true],
    [`"x",${etag} , "y"`, true],
    ['*', true],
    ['"x"', false],
    ['', false],
    [null, false],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });

  test('different bodies give different strong tags', () => {
    expect(strongEtag('a')).not.toBe(strongEtag('b'));
    expect(strongEtag('a')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});

describe('problems', () => {
  test.each(PROBLEM_CODES)('%s: a valid RFC 9457 body whose error mirrors the code', (code) => {
    const body = problemBody('https://brand.example', code, 'detail');
    expect(ProblemSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      type: `https://brand.example/problems/${code}`,
      title: PROBLEMS[code].title,
      status: PROBLEMS[code].status,
      code,
      detail: 'detail',
      error: code,
    });
    expect(body.status).toBeGreaterThanOrEqual(400);
  });

  test('detail is left out when there is none', () => {
    expect(problemBody('https://b.example', 'not_found')).not.toHaveProperty('detail');
  });
});
