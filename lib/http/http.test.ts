import { describe, expect, test } from 'vitest';
import { CatalogError, CatalogUnavailableError } from '../catalog/errors';
import { DbUnavailableError } from '../db/types';
import { domainProblem } from './domain-problem';
import { etagMatches, strongEtag } from './headers';
import { ApiError, PROBLEMS, PROBLEM_CODES, ProblemSchema, problemBody, problemResponse, type ProblemCode } from './problem';

describe('etagMatches', () => {
  const etag = strongEtag('{"a":1}');
  test.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"x", ${etag}`, true],
    [`"x",${etag} , "y"`, true],
    [`W/"x", W/${etag}`, true],
    ['*', true],
    [' * ', true],
    ['"x", *', true],
    ['"x"', false],
    ['"x", "y", W/"z"', false],
    [etag.slice(1, -1), false], // the tag without its quotes is another tag
    [`${etag.slice(0, -1)}x"`, false],
    [`"${etag}"`, false],
    ['', false],
    [null, false],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });

  test('weak comparison works both ways: a weak current tag matches its strong form', () => {
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
  });

  test('strong tags are quoted, stable for a body and different for another body', () => {
    expect(strongEtag('a')).toBe(strongEtag('a'));
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
  });

  test('every code has a 4xx or 5xx status, a title, and its own type URL', () => {
    for (const code of PROBLEM_CODES) {
      const { status, title } = PROBLEMS[code];
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(title.length, code).toBeGreaterThan(0);
    }
    const types = PROBLEM_CODES.map((c) => problemBody('https://b.example', c).type);
    expect(new Set(types).size).toBe(PROBLEM_CODES.length);
  });

  test('the statuses the spec names are the ones the codes carry', () => {
    const expected: Partial<Record<ProblemCode, number>> = {
      slug_missing: 400,
      unsupported_identity_type: 400,
      event_not_found: 404,
      method_not_allowed: 405,
      upstream_unavailable: 502,
    };
    for (const [code, status] of Object.entries(expected)) expect(PROBLEMS[code as ProblemCode].status, code).toBe(status);
  });

  test('the type URL lives under the brand site_url', () => {
    expect(problemBody('http://mare.localhost:3000', 'event_not_found').type).toBe('http://mare.localhost:3000/problems/event_not_found');
  });

  test('detail is left out when there is none, and the body still validates', () => {
    for (const detail of [undefined, '']) {
      const body = problemBody('https://b.example', 'not_found', detail);
      expect(body).not.toHaveProperty('detail');
      expect(ProblemSchema.safeParse(body).success).toBe(true);
    }
  });

  test('the schema refuses what is not a problem', () => {
    const body = problemBody('https://b.example', 'not_found');
    expect(ProblemSchema.safeParse({ ...body, code: 'made_up' }).success).toBe(false);
    expect(ProblemSchema.safeParse({ ...body, status: 200 }).success).toBe(false);
    expect(ProblemSchema.safeParse({ ...body, stack: 'Error: at x' }).success).toBe(false);
  });

  test('problemResponse answers with the status, problem+json, no-store and extra headers', async () => {
    const res = problemResponse('https://b.example', 'rate_limited', 'wait', { 'Retry-After': '7' });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual(problemBody('https://b.example', 'rate_limited', 'wait'));
  });
});

describe('domainProblem', () => {
  test('maps the catalog\'s errors to their problems, with the detail the catalog gave', () => {
    expect(domainProblem(new CatalogError('event_not_found', 'No event "x".'))).toEqual({ code: 'event_not_found', detail: 'No event "x".', headers: {} });
    expect(domainProblem(new CatalogError('slug_missing', 'Give the event slug.'))?.code).toBe('slug_missing');
    for (const reason of ['slug_missing', 'event_not_found'] as const) expect(PROBLEMS[reason].status).toBeGreaterThanOrEqual(400);
  });

  test('an unavailable database is a 502 to retry shortly, whoever raised it', () => {
    for (const err of [new DbUnavailableError('down'), new CatalogUnavailableError('timed out')]) {
      const p = domainProblem(err);
      expect(p?.code).toBe('upstream_unavailable');
      expect(PROBLEMS[p!.code].status).toBe(502);
      expect(p?.headers['Retry-After']).toBe('2');
      expect(p?.detail).not.toMatch(/down|timed out/); // the internal message stays inside
    }
  });

  test('the HTTP layer\'s own errors keep their code and headers; anything else is a bug', () => {
    expect(domainProblem(new ApiError('invalid_body', 'Bad JSON.', { 'X-A': '1' }))).toEqual({ code: 'invalid_body', detail: 'Bad JSON.', headers: { 'X-A': '1' } });
    expect(domainProblem(new Error('boom'))).toBeUndefined();
    expect(domainProblem('boom')).toBeUndefined();
  });
});
