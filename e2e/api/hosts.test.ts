import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { ContractClient } from '../support/contract';
import { startServer, type RunningServer } from '../support/server';
import { api, list } from './helpers';
import { API, targets } from './targets';

const target = targets[0]!;

describe('brand by host (default: unknown hosts get the default brand)', () => {
  test.each([
    ['localhost', 'aurora'],
    ['127.0.0.1', 'aurora'],
    ['[::1]', 'aurora'],
    ['AURORA.LOCALHOST', 'aurora'],
    ['mare.localhost.', 'mare'],
    ['sertao.localhost', 'sertao'],
    ['evil.example', 'aurora'],
  ])('Host %s answers as %s, with absolute URLs from the registry', async (host, brand) => {
    const res = await request(target.port, `${API}/events?per_page=2`, { host: `${host}:${target.port}` });
    expect(res.status).toBe(200);
    const body = res.json() as { data: Array<{ url: string; images: { banner: string } }> };
    for (const e of body.data) {
      expect(e.url.startsWith(`http://${brand}.localhost:${target.port}/eventos/`)).toBe(true);
      expect(e.images.banner.startsWith(`http://${brand}.localhost:${target.port}/`)).toBe(true);
    }
    expect(res.header('link')).toBe(`<http://${brand}.localhost:${target.port}${API}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`);
    const missing = await request(target.port, `${API}/events/no-such-event`, { host: `${host}:${target.port}` });
    expect(missing.status).toBe(404);
    expect(missing.header('link')).toBe(res.header('link'));
  });

  test('forwarded host headers never change a URL', async () => {
    const res = await request(target.port, `${API}/events?per_page=1`, {
      host: `mare.localhost:${target.port}`,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' },
    });
    expect(res.text).not.toContain('evil.example');
    expect(res.text).toContain(`http://mare.localhost:${target.port}/eventos/`);
  });

  test('the default brand and aurora are the same catalog', async () => {
    const viaLocalhost = await request(target.port, `${API}/events?per_page=5`, { host: `localhost:${target.port}` });
    expect(viaLocalhost.json()).toEqual(await list(target, 'per_page=5'));
  });
});

describe('strict hosts and deprecation, when configured', () => {
  let server: RunningServer;
  let client: ContractClient;
  beforeAll(async () => {
    server = await startServer('strict', {
      STRICT_HOSTS: 'true',
      DEMO_EVENTS: '30',
      API_DEPRECATED_AT: '2026-01-01T00:00:00Z',
      API_SUNSET_AT: '2027-06-30T00:00:00Z',
      API_DEPRECATION_LINK: 'https://docs.example/api/v2-migration',
    });
    client = await ContractClient.connect(server.port, `aurora.localhost:${server.port}`);
  });
  afterAll(() => server?.stop());

  test.each(['evil.example', 'aurora.example', '10.0.0.1', 'localhost.evil.example'])('unknown host "%s" gets a 421 problem', async (host) => {
    for (const path of [`${API}/events`, `${API}/events/x`, `${API}/health`, `${API}/nope`, '/']) {
      const res = await request(server.port, path, { host });
      expect(res.status, path).toBe(421);
      expect(res.header('content-type')).toBe('application/problem+json');
      client.check(path, 'GET', res);
      expect((res.json() as { code: string }).code).toBe('misdirected_request');
      expect(res.header('link'), path).toBeUndefined();
    }
  });

  test('known hosts still answer', async () => {
    for (const host of ['aurora.localhost', 'mare.localhost', 'localhost', '127.0.0.1']) {
      const res = await client.call(`${API}/events?per_page=1`, { host: `${host}:${server.port}` });
      expect(res.status, host).toBe(200);
    }
  });

  test('Deprecation (RFC 9745), Sunset (RFC 8594) and a deprecation link on every API answer', async () => {
    for (const [path, method] of [[`${API}/events`, 'GET'], [`${API}/events/nope`, 'GET'], [`${API}/agent/identity`, 'POST'], [`${API}/events`, 'DELETE']] as const) {
      const res = await client.call(path, { method, host: `aurora.localhost:${server.port}` });
      expect(res.header('deprecation'), path).toBe(`@${Date.parse('2026-01-01T00:00:00Z') / 1000}`);
      expect(res.header('sunset'), path).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
      // One Link header: the deprecation link joined to the link to the API description.
      expect(res.header('link'), path).toBe(
        `<https://docs.example/api/v2-migration>; rel="deprecation"; type="text/html", <http://aurora.localhost:${server.port}${API}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`,
      );
    }
  });
});
