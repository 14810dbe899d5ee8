import { describe, expect, test } from 'vitest';
import { defaultBrand } from '../brand/registry';
import { apiRoute } from './api-route';
import { refuseMethod } from './methods';
import { apiNotFound } from './not-found';
import { ApiError } from './problem';
import { isApiPath, serviceDescLink, withServiceDesc } from './service-desc';

const brand = defaultBrand();
const host = new URL(brand.site_url).host;
const expected = `<${brand.site_url}/api/public/v1/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`;
const call = (method: string, path = '/api/public/v1/events', h: Record<string, string> = { host }) => new Request(`http://127.0.0.1${path}`, { method, headers: h });
const noParams = { params: Promise.resolve({}) };

describe('Link: rel="service-desc" on API answers', () => {
  test('absolute on the brand site URL, joined to a Link already there', () => {
    expect(serviceDescLink(brand.site_url)).toBe(expected);
    const merged = withServiceDesc(brand.site_url, { Link: '<https://example.org/deprecation>; rel="deprecation"' }).Link;
    expect(merged).toBe(`<https://example.org/deprecation>; rel="deprecation", ${expected}`);
    expect(withServiceDesc(brand.site_url, { Link: expected }).Link).toBe(expected);
    expect(isApiPath('/api/public/v1')).toBe(true);
    expect(isApiPath('/api/public/v1/events/x')).toBe(true);
    expect(isApiPath('/api/public/v10')).toBe(false);
    expect(isApiPath('/eventos/x')).toBe(false);
  });

  const route = apiRoute({
    GET: async ({ url }) => {
      if (url.searchParams.has('fail')) throw new ApiError('event_not_found', 'No such event.');
      return { body: { ok: true }, cache: 'catalog' };
    },
  });

  test('a success, a 304, a problem, a 405 and a preflight of an API route all carry it', async () => {
    const ok = await route.GET(call('GET'), noParams);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('link')).toBe(expected);
    const again = await route.GET(call('GET', '/api/public/v1/events', { host, 'if-none-match': ok.headers.get('etag')! }), noParams);
    expect(again.status).toBe(304);
    expect(again.headers.get('link')).toBe(expected);
    const missing = await route.GET(call('GET', '/api/public/v1/events?fail=1'), noParams);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('link')).toBe(expected);
    const refused = await route.DELETE(call('DELETE'), noParams);
    expect(refused.status).toBe(405);
    expect(refused.headers.get('link')).toBe(expected);
    const preflight = await route.OPTIONS(call('OPTIONS'), noParams);
    expect(preflight.headers.get('link')).toBe(expected);
  });

  test("the proxy's 405 and the API's 404 carry it; a page's 405 does not", () => {
    expect(refuseMethod(brand, '/api/public/v1/events', 'PROPFIND')!.headers.get('link')).toBe(expected);
    expect(apiNotFound(call('GET', '/api/public/v1/nothing')).headers.get('link')).toBe(expected);
    expect(refuseMethod(brand, '/eventos/x', 'PUT')!.headers.get('link')).toBeNull();
  });
});
