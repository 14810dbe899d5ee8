import { describe, expect, test } from 'vitest';
import { api, list, type Detail } from './helpers';
import { targets } from './targets';

describe.each(targets)('GET /events/{slug} on $name', (target) => {
  test('detail has producer and a null status, and agrees with the list', async () => {
    const item = (await list(target, 'per_page=1')).data[0]!;
    const res = await api(target, `/events/${item.slug}`);
    expect(res.status).toBe(200);
    const detail = res.json() as Detail;
    expect(detail.status).toBeNull();
    expect(detail.producer).toEqual({ name: expect.any(String), slug: expect.stringMatching(/^[a-z0-9-]+$/) });
    const { status: _s, producer: _p, ...sameInBoth } = detail;
    const { status: _ls, producer: _lp, ...listed } = item;
    expect(sameInBoth).toEqual(listed);
  });

  test.each([
    ['/events/%20', 400, 'slug_missing'],
    ['/events/%20%20%09', 400, 'slug_missing'],
    ['/events/', 400, 'slug_missing'],
    ['/events/no-such-event', 404, 'event_not_found'],
    ['/events/UPPER-Case', 404, 'event_not_found'],
    ['/events/..%2F..%2Fetc%2Fpasswd', 404, 'event_not_found'],
    ['/events/%C3%A7%C3%A3o-%F0%9F%8E%AB', 404, 'event_not_found'],
    [`/events/${'a'.repeat(5000)}`, 404, 'event_not_found'],
    ["/events/x'%20OR%20'1'='1", 404, 'event_not_found'],
    ['/events/%00', 404, 'event_not_found'],
    ['/events/a/b', 404, 'not_found'],
  ])('%s answers %i %s as problem+json', async (path, status, code) => {
    const res = await api(target, path);
    expect(res.status).toBe(status);
    expect(res.header('content-type')).toBe('application/problem+json');
    const body = res.json() as { code: string; error: string; status: number; type: string };
    expect(body.code).toBe(code);
    expect(body.error).toBe(code);
    expect(body.status).toBe(status);
    expect(body.type).toBe(`http://aurora.localhost:${target.port}/problems/${code}`);
  });

  test('encoded dot segments resolve like dot segments, to a redirect on the brand site', async () => {
    const res = await api(target, '/events/%2e%2e');
    expect(res.status).toBe(308);
    expect(res.header('location')).toBe(`http://aurora.localhost:${target.port}/api/public/v1`);
  });
});
