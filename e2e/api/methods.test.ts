import { describe, expect, test } from 'vitest';
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
