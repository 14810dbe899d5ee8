import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { api } from './helpers';
import { targets } from './targets';

describe.each(targets)('problem types on $name', (target) => {
  test.each([
    ['/events/nope', 'event_not_found'],
    ['/events/%20', 'slug_missing'],
    ['/nowhere', 'not_found'],
  ])('the type of %s resolves to a human page about %s', async (path, code) => {
    const problem = (await api(target, path, { brand: 'mare' })).json() as { type: string; title: string };
    const url = new URL(problem.type);
    expect(url.host).toBe(`mare.localhost:${target.port}`);
    const page = await request(target.port, url.pathname, { host: url.host });
    expect(page.status).toBe(200);
    expect(page.header('content-type')).toContain('text/html');
    expect(page.text).toContain(problem.title);
    expect(page.text).toContain(code);
  });

  test('an unknown problem type is a 404 page', async () => {
    const page = await request(target.port, '/problems/<script>', {});
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('<script>');
  });
});
