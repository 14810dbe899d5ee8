import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { api } from './helpers';
import { targets } from './targets';

const READ = 'GET, HEAD, OPTIONS';
const ENDPOINTS: Array<[string, string[], string]> = [
  ['/events', ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'PURGE'], READ],
  ['/events/some-slug', ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'MKCOL'], READ],
  ['/health', ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE'], READ],
  ['/openapi.json', ['POST', 'PUT', 'DELETE'], READ],
  ['/agent/identity', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'TRACE'], 'POST, OPTIONS'],
];
const cases = ENDPOINTS.flatMap(([path, methods, allow]) => methods.map((m) => [m, path, allow] as const));

describe.each(targets)('methods on $name', (target) => {
  test.each(cases)('%s %s answers 405 problem with Allow: %s', async (method, path, allow) => {
    const res = await api(target, path, { method });
    expect(res.status).toBe(405);
    expect(res.header('allow')).toBe(allow);
    if (method !== 'HEAD') {
      expect(res.header('content-type')).toBe('application/problem+json');
      expect((res.json() as { code: string }).code).toBe('method_not_allowed');
    }
  });

  test.each(['/events', '/events/x', '/health', '/openapi.json', '/agent/identity'])('OPTIONS %s is a CORS preflight', async (path) => {
    const res = await api(target, path, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.header('access-control-allow-origin')).toBe('*');
    expect(res.header('access-control-allow-methods')).toBe(res.header('allow'));
    expect(res.header('access-control-allow-headers')).toContain('X-Agent-Credential');
  });

  test.each([
    ['GET', '/nope'],
    ['GET', ''],
    ['GET', '/events/a/b/c'],
    ['POST', '/nope'],
    ['DELETE', '/agent'],
    ['GET', '/../v2/events'],
  ])('%s on unknown path %s is a 404 problem, never HTML', async (method, path) => {
    const res = await api(target, path, { method });
    expect(res.status).toBe(404);
    expect(res.header('content-type')).toBe('application/problem+json');
    expect((res.json() as { code: string }).code).toBe('not_found');
  });
});

describe.each(targets)('methods outside the API on $name', (target) => {
  const host = `aurora.localhost:${target.port}`;
  const PAGES = ['/', '/eventos/some-event', '/robots.txt', '/sitemap.xml', '/llms.txt', '/auth.md', '/docs/api.md', '/.well-known/api-catalog', '/.well-known/agent-card.json', '/.well-known/ai-catalog.json', '/problems/not_found', '/favicon.svg', '/favicon.ico'];

  test.each(PAGES.flatMap((p) => ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'].map((m) => [m, p] as const)))(
    '%s %s: a 405 with Allow: GET, HEAD and a short text',
    async (method, path) => {
      const res = await request(target.port, path, { method, host });
      expect(res.status).toBe(405);
      expect(res.header('allow')).toBe('GET, HEAD');
      expect(res.header('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.text).toMatch(new RegExp(`^Method ${method} is not allowed here`));
    },
  );

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE'])('%s /mcp/server-card: a 405 with Allow: GET, HEAD, OPTIONS (the card answers its CORS preflight)', async (method) => {
    const res = await request(target.port, '/mcp/server-card', { method, host });
    expect(res.status).toBe(405);
    expect(res.header('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.text).toMatch(new RegExp(`^Method ${method} is not allowed here`));
  });

  test.each(['/mcp', '/a2a'].flatMap((p) => ['GET', 'PUT', 'DELETE', 'TRACE', 'PROPFIND'].map((m) => [m, p] as const)))('%s %s: a 405 problem with Allow: POST, OPTIONS', async (method, path) => {
    const res = await request(target.port, path, { method, host });
    expect(res.status).toBe(405);
    expect(res.header('allow')).toBe('POST, OPTIONS');
    expect(res.header('content-type')).toBe('application/problem+json');
  });

  test.each(['GET', 'POST', 'DELETE'])('%s /api/floor while the floor is off: the ordinary 404 problem', async (method) => {
    const res = await request(target.port, '/api/floor', { method, host });
    expect(res.status).toBe(404);
    expect(res.header('content-type')).toBe('application/problem+json');
  });

  test('HEAD and GET of a page still answer', async () => {
    expect((await request(target.port, '/', { method: 'HEAD', host })).status).toBe(200);
    expect((await request(target.port, '/robots.txt', { host })).status).toBe(200);
  });
});
