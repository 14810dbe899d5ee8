import { describe, expect, test } from 'vitest';
import { api } from './helpers';
import { targets } from './targets';

describe.each(targets)('HTTP semantics on $name', (target) => {
  test.each(['/events?per_page=3', '/events?q=forro', '/openapi.json'])('%s: Cache-Control, strong ETag, and 304 on If-None-Match', async (path) => {
    const first = await api(target, path);
    expect(first.status).toBe(200);
    expect(first.header('cache-control')).toBe('public, max-age=30, s-maxage=60, stale-while-revalidate=300');
    const etag = first.header('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await api(target, path, { headers: { 'if-none-match': inm } });
      expect(again.status, inm).toBe(304);
      expect(again.text).toBe('');
      expect(again.header('etag')).toBe(etag);
    }
    const miss = await api(target, path, { headers: { 'if-none-match': '"stale"' } });
    expect(miss.status).toBe(200);
  });

  test('the ETag differs between brands and between pages', async () => {
    const a = (await api(target, '/events?per_page=3', { brand: 'aurora' })).header('etag');
    const b = (await api(target, '/events?per_page=3', { brand: 'mare' })).header('etag');
    const c = (await api(target, '/events?per_page=3&page=2', { brand: 'aurora' })).header('etag');
    expect(new Set([a, b, c]).size).toBe(3);
  });

  test('detail has an ETag and 304 too', async () => {
    const slug = ((await api(target, '/events?per_page=1')).json() as { data: Array<{ slug: string }> }).data[0]!.slug;
    const first = await api(target, `/events/${slug}`);
    const again = await api(target, `/events/${slug}`, { headers: { 'if-none-match': first.header('etag')! } });
    expect(again.status).toBe(304);
  });

  test.each(['/events?per_page=2', '/health', '/openapi.json'])('HEAD %s has the GET headers and no body', async (path) => {
    const get = await api(target, path);
    const head = await api(target, path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    for (const h of ['content-type', 'cache-control', 'access-control-allow-origin']) expect(head.header(h)).toBe(get.header(h));
    if (path !== '/health') expect(head.header('etag')).toBe(get.header('etag'));
  });

  test('read endpoints are open to any origin; no deprecation headers unless configured', async () => {
    const res = await api(target, '/events?per_page=1', { headers: { origin: 'https://agent.example' } });
    expect(res.header('access-control-allow-origin')).toBe('*');
    expect(res.header('access-control-expose-headers')).toContain('ETag');
    expect(res.header('deprecation')).toBeUndefined();
    expect(res.header('sunset')).toBeUndefined();
  });

  test('errors are never cached and carry CORS', async () => {
    const res = await api(target, '/events/nope');
    expect(res.header('cache-control')).toBe('no-store');
    expect(res.header('access-control-allow-origin')).toBe('*');
  });

  test('security headers are sent', async () => {
    const res = await api(target, '/events?per_page=1');
    expect(res.header('x-content-type-options')).toBe('nosniff');
    expect(res.header('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.header('x-powered-by')).toBeUndefined();
  });
});
