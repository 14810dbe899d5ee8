import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { ContractClient } from '../support/contract';
import { startServer, type RunningServer } from '../support/server';

const API = '/api/public/v1';
const budgets = { RATE_LIMIT_API: '4', RATE_LIMIT_TOOLS: '2', RATE_LIMIT_MARKDOWN: '3', RATE_LIMIT_WINDOW_S: '60' };

// Small budgets on a server of their own. Each test uses its own client address
// (X-Forwarded-For from a trusted proxy) or credential so that budgets do not mix.
describe('rate limits at the edge (in memory)', () => {
  let server: RunningServer;
  let contract: ContractClient;
  beforeAll(async () => {
    server = await startServer('limits', { ...budgets, TRUSTED_PROXIES: '127.0.0.1', DEMO_EVENTS: '30' });
    contract = await ContractClient.connect(server.port, `aurora.localhost:${server.port}`);
  });
  afterAll(() => server?.stop());

  const from = (ip: string, extra: Record<string, string> = {}) => ({ host: `aurora.localhost:${server.port}`, headers: { 'x-forwarded-for': ip, ...extra } });

  test('over the API budget: a 429 problem with Retry-After, RateLimit and RateLimit-Policy', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await contract.call(`${API}/events?per_page=1`, from('203.0.113.1'));
      expect(res.status).toBe(200);
      expect(res.header('ratelimit-policy')).toBe('"api";q=4;w=60');
      seen.push(Number(/r=(\d+)/.exec(res.header('ratelimit')!)![1]));
    }
    expect(seen).toEqual([3, 2, 1, 0]);
    const over = await contract.call(`${API}/events?per_page=1`, from('203.0.113.1'));
    expect(over.status).toBe(429);
    expect(over.header('content-type')).toBe('application/problem+json');
    expect((over.json() as { code: string }).code).toBe('rate_limited');
    expect(Number(over.header('retry-after'))).toBeGreaterThan(0);
    expect(over.header('ratelimit')).toMatch(/^"api";r=0;t=\d+$/);
    // Another address still has its budget; health is never limited.
    expect((await contract.call(`${API}/events?per_page=1`, from('203.0.113.2'))).status).toBe(200);
    expect((await contract.call(`${API}/health`, from('203.0.113.1'))).status).toBe(200);
  });

  test('a valid credential is its own key; a forged or foreign one grants nothing and is no error', async () => {
    const ip = '203.0.113.10';
    const issued = await contract.call(`${API}/agent/identity`, { ...from(ip), method: 'POST' });
    const credential = (issued.json() as { credential: string }).credential;
    for (let i = 0; i < 3; i++) await contract.call(`${API}/events?per_page=1`, from(ip));
    expect((await contract.call(`${API}/events?per_page=1`, from(ip))).status).toBe(429);
    // The credential's budget is fresh even from the same address.
    const withCredential = await contract.call(`${API}/events?per_page=1`, from(ip, { 'x-agent-credential': credential }));
    expect(withCredential.status).toBe(200);
    expect(withCredential.header('ratelimit')).toMatch(/r=3;/);
    // Forged: tampered signature, or a credential of another brand: the address budget applies (spent).
    const forged = credential.slice(0, -2) + (credential.endsWith('AA') ? 'BB' : 'AA');
    expect((await contract.call(`${API}/events?per_page=1`, from(ip, { 'x-agent-credential': forged }))).status).toBe(429);
    const mare = (await request(server.port, `${API}/agent/identity`, { method: 'POST', host: `mare.localhost:${server.port}`, headers: { 'x-forwarded-for': '203.0.113.11' } })).json() as { credential: string };
    expect((await contract.call(`${API}/events?per_page=1`, from(ip, { 'x-agent-credential': mare.credential }))).status).toBe(429);
    // From a fresh address a forged credential is simply ignored: 200.
    expect((await contract.call(`${API}/events?per_page=1`, from('203.0.113.12', { 'x-agent-credential': 'garbage' }))).status).toBe(200);
  });

  test('tool endpoints and Markdown pages have budgets of their own', async () => {
    const ip = '203.0.113.20';
    const mcp = () =>
      request(server.port, '/mcp', {
        method: 'POST',
        ...from(ip, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    expect((await mcp()).status).toBe(200);
    expect((await mcp()).status).toBe(200);
    const third = await mcp();
    expect(third.status).toBe(429);
    expect(third.header('ratelimit-policy')).toBe('"tools";q=2;w=60');
    // The API budget of the same address is untouched.
    expect((await request(server.port, `${API}/events?per_page=1`, from(ip))).header('ratelimit')).toMatch(/^"api";r=3;/);
    const md = () => request(server.port, '/', from(ip, { accept: 'text/markdown' }));
    for (let i = 0; i < 3; i++) expect((await md()).status).not.toBe(429);
    const over = await md();
    expect(over.status).toBe(429);
    expect(over.header('ratelimit-policy')).toBe('"markdown";q=3;w=60');
  });

  test('each call of an MCP batch (2025-03-26) spends one unit of the tools budget; a batch past 20 calls is refused', async () => {
    const batch = (ip: string, size: number) =>
      request(server.port, '/mcp', {
        method: 'POST',
        ...from(ip, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' }),
        body: JSON.stringify(Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list', params: {} }))),
      });
    // Two calls in one batch spend the whole budget of 2, and its answer says so: the next request is refused.
    const two = await batch('203.0.113.30', 2);
    expect(two.status).toBe(200);
    expect((two.json() as unknown[]).length).toBe(2);
    expect(two.header('ratelimit-policy')).toBe('"tools";q=2;w=60');
    expect(two.header('ratelimit')).toMatch(/^"tools";r=0;t=\d+$/);
    const after = await batch('203.0.113.30', 1);
    expect(after.status).toBe(429);
    expect((after.json() as { code: string }).code).toBe('rate_limited');
    // A batch that needs more than is left is refused whole, with the budget's headers.
    const three = await batch('203.0.113.31', 3);
    expect(three.status).toBe(429);
    expect(three.header('content-type')).toBe('application/problem+json');
    expect(Number(three.header('retry-after'))).toBeGreaterThan(0);
    expect(three.header('ratelimit-policy')).toBe('"tools";q=2;w=60');
    // A batch of one, or a single call, reports its own spend as before.
    const one = await batch('203.0.113.33', 1);
    expect(one.status).toBe(200);
    expect(one.header('ratelimit')).toMatch(/^"tools";r=1;t=\d+$/);
    // Past 20 calls: a JSON-RPC Invalid Request, whatever the budget.
    const big = await batch('203.0.113.32', 21);
    expect(big.status).toBe(400);
    expect((big.json() as { error: { code: number; message: string } }).error).toMatchObject({ code: -32600, message: expect.stringMatching(/at most 20/) });
  });
  test('a Markdown request with a session cookie is a personal render: it spends the render budget, not the markdown budget too', async () => {
    const ip = '203.0.113.40';
    const signedIn = () => request(server.port, '/', from(ip, { accept: 'text/markdown', cookie: 'sessao=x' }));
    // More requests than the markdown budget of 3 holds: the render budget (large here) pays for them.
    for (let i = 0; i < 4; i++) expect((await signedIn()).status).toBe(200);
    const md = await request(server.port, '/', from(ip, { accept: 'text/markdown' }));
    expect(md.status).toBe(200);
    expect(md.header('ratelimit')).toMatch(/^"markdown";r=2;/);
  });
});

describe('X-Forwarded-For is trusted only from configured proxies', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer('untrusted', { ...budgets, DEMO_EVENTS: '30' });
  });
  afterAll(() => server?.stop());

  test('without TRUSTED_PROXIES every forwarded address shares the peer budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(server.port, `${API}/events?per_page=1`, { host: `aurora.localhost:${server.port}`, headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-catalog-peer': `198.51.100.${i}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

// One address that mints credentials to multiply its budget: minting has a budget of
// its own per address, and every request from the address also counts against the
// address's ceiling (RATE_LIMIT_ADDRESS_FACTOR times the budget), whatever credential
// it carries. Measured here: one address, many credentials, well within one minute.
describe('minted credentials do not multiply an address budget', () => {
  let server: RunningServer;
  const limits = { RATE_LIMIT_API: '20', RATE_LIMIT_IDENTITY: '3', RATE_LIMIT_ADDRESS_FACTOR: '2', RATE_LIMIT_TOOLS: '1000', RATE_LIMIT_MARKDOWN: '1000', RATE_LIMIT_WINDOW_S: '60' };
  beforeAll(async () => {
    server = await startServer('minting', { ...limits, TRUSTED_PROXIES: '127.0.0.1', DEMO_EVENTS: '30' });
  });
  afterAll(() => server?.stop());

  const call = (path: string, ip: string, options: { method?: string; credential?: string } = {}) =>
    request(server.port, path, {
      method: options.method,
      host: `aurora.localhost:${server.port}`,
      headers: { 'x-forwarded-for': ip, ...(options.credential ? { 'x-agent-credential': options.credential } : {}) },
    });

  test('one address, ten credentials asked for, 200 requests in one minute: at most twice the budget', async () => {
    const ip = '198.51.100.77';
    const started = Date.now();
    const credentials: string[] = [];
    const mints: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(`${API}/agent/identity`, ip, { method: 'POST' });
      mints.push(res.status);
      if (res.status === 201) credentials.push((res.json() as { credential: string }).credential);
      else expect(res.header('ratelimit-policy')).toBe('"identity";q=3;w=60');
    }
    expect(mints).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const keys = [undefined, ...credentials];
    const statuses: number[] = [];
    const policies = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const res = await call(`${API}/events?per_page=1`, ip, { credential: keys[i % keys.length] });
      statuses.push(res.status);
      if (res.status === 429) policies.add(res.header('ratelimit-policy') ?? '');
    }
    const seconds = (Date.now() - started) / 1000;
    const answered = statuses.filter((s) => s === 200).length + mints.filter((s) => s === 201).length;
    console.log(`[rate-limit] one address, ${credentials.length} credentials: ${answered} API answers in ${seconds.toFixed(1)} s (budget 20, ceiling 40; credentials' own budgets alone would allow ${20 * keys.length})`);
    // Not a speed bound: the budgets' window is 60 s, past which they refill and the count below would mean nothing. The 200 requests take seconds, even on a loaded machine.
    expect(seconds).toBeLessThan(60);
    expect(answered).toBe(40);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Without a credential the address's own budget runs out first; with one, the ceiling.
    expect([...policies].sort()).toEqual(['"api";q=20;w=60', '"api-address";q=40;w=60']);
    // Another address is untouched.
    expect((await call(`${API}/events?per_page=1`, '198.51.100.78')).status).toBe(200);
  });

  test('a credential issued in the future grants nothing: the spent address budget applies', async () => {
    const ip = '198.51.100.90';
    for (let i = 0; i < 20; i++) await call(`${API}/events?per_page=1`, ip);
    expect((await call(`${API}/events?per_page=1`, ip)).status).toBe(429);
    const now = Math.floor(Date.now() / 1000);
    const forge = (iat: number) => {
      const body = `ac1.${Buffer.from(JSON.stringify({ b: 'aurora', iat, exp: iat + 86_400, jti: `f${iat}` })).toString('base64url')}`;
      return `${body}.${createHmac('sha256', 'test-secret-for-http-suite').update(body).digest('base64url')}`;
    };
    expect((await call(`${API}/events?per_page=1`, ip, { credential: forge(now + 3_600) })).status).toBe(429);
    // The same signature with a present issue time is a credential of its own: its own budget
    // (the address ceiling, twice the budget, still has room).
    expect((await call(`${API}/events?per_page=1`, ip, { credential: forge(now) })).status).toBe(200);
  });
});
