import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { rawRequest } from '../support/raw';
import { startServer, type RunningServer } from '../support/server';

// Every request passes server.mjs, an upgrade request too: its screening, its body guard,
// and its overwrite of the peer address the rate limiter keys on. And no answer shows
// where the proxy sent a request inside the app.
const API = '/api/public/v1';
const BUDGET = 50;

describe('upgrade requests and internal paths', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer('screening', { RATE_LIMIT_API: String(BUDGET), TRUSTED_PROXIES: '127.0.0.1', DEMO_EVENTS: '30' });
  });
  afterAll(() => server?.stop());

  const host = () => `aurora.localhost:${server.port}`;
  const upgrade = (target: string, extra: string[] = [], body = '') =>
    rawRequest(server.port, [`GET ${target} HTTP/1.1`, `Host: ${host()}`, 'Connection: Upgrade', 'Upgrade: websocket', ...extra, '', body].join('\r\n'));
  /** What is left of an address's API budget after one request of its own. */
  const leftOf = async (address: string) => {
    const res = await request(server.port, `${API}/events?per_page=1`, { host: host(), headers: { 'x-forwarded-for': address } });
    return Number(/r=(\d+)/.exec(res.header('ratelimit') ?? '')?.[1]);
  };

  test('an upgrade request is plain HTTP to this server: answered, and counted for its socket, never for a peer it names', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await upgrade(`${API}/events?per_page=1&u=${i}`, ['X-Catalog-Peer: 127.0.0.5']);
      expect(res.status).toBe(200);
      expect((JSON.parse(res.body) as { data: unknown[] }).data).toHaveLength(1);
      // The socket's address (127.0.0.1) spent it: its own budget shows it.
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"api";r=${BUDGET - 1 - i};`));
    }
    // The named address never spent anything: its first request leaves BUDGET - 1.
    expect(await leftOf('127.0.0.5')).toBe(BUDGET - 1);
  });

  test('an upgrade request is screened like any other: a target Next cannot route, and a body past its limit', async () => {
    const star = await upgrade('*');
    expect(star.status).toBe(400);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { pad: 'x'.repeat(70_000) } });
    const oversized = await rawRequest(
      server.port,
      ['POST /a2a HTTP/1.1', `Host: ${host()}`, 'Connection: Upgrade', 'Upgrade: websocket', 'Content-Type: application/json', `Content-Length: ${body.length}`, '', body].join('\r\n'),
    );
    expect(oversized.status).toBe(413);
    expect((JSON.parse(oversized.body) as { code: string }).code).toBe('payload_too_large');
  });

  test('no answer names the internal route of a rewrite (the authentication host, Markdown), with or without RSC', async () => {
    const list = (await request(server.port, `${API}/events?per_page=1`, { host: host() })).json() as { data: Array<{ slug: string }> };
    const slug = list.data[0]!.slug;
    // A client-router request (RSC: 1) carries Next's `_rsc` parameter; without it Next redirects there first.
    const answers = [
      await request(server.port, '/openapi.json?_rsc', { host: `auth.localhost:${server.port}`, headers: { rsc: '1' } }),
      await request(server.port, '/openapi.json', { host: `auth.localhost:${server.port}` }),
      await request(server.port, `/eventos/${slug}?_rsc`, { host: host(), headers: { accept: 'text/markdown', rsc: '1' } }),
      await request(server.port, `/eventos/${slug}`, { host: host(), headers: { accept: 'text/markdown' } }),
      await request(server.port, '/?_rsc', { host: host(), headers: { accept: 'text/markdown', rsc: '1' } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const internal = Object.keys(res.headers).filter((name) => /^x-(nextjs-rewritten|middleware)-/.test(name));
      expect(internal).toEqual([]);
      expect(JSON.stringify(res.headers)).not.toMatch(/\/(auth-host|md)\b/);
    }
  });
});
