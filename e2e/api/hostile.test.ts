import { Agent, request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { a2aAsk, importEvents, mcpEventPage, pageMarkdown } from '../support/agent-markdown';
import { htmlNodes, linkUrls, outline, SERVICE_FORM } from '../support/markdown-shape';
import { rawRequest } from '../support/raw';
import { API, targets } from './targets';

// Requests as an attacker sends them, each answered cleanly: no 500, no redirect off
// the brand, no body read past its limit, no internal message, no injected Markdown.
const target = targets[0]!;
const host = `aurora.localhost:${target.port}`;
const raw = (lines: string[], body = '') => rawRequest(target.port, `${lines.join('\r\n')}\r\n\r\n${body}`);
const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  request(target.port, path, { method: 'POST', host, headers: { accept: 'application/json, text/event-stream', ...headers }, body });
const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const INTERNAL = /Maximum call stack|RangeError|TypeError|at \S+ \(|node_modules|\.js:\d+/;


describe('request targets', () => {
  test.each([
    [`${API}/events/%ff`, 'event_not_found'],
    [`${API}/events/%`, 'event_not_found'],
    [`${API}/events/%e9t%ff%`, 'event_not_found'],
    [`${API}/%ff`, 'not_found'],
    [`${API}/events/%ff/x`, 'not_found'],
  ])('malformed percent-encoding %s: a 404 problem %s', async (path, code) => {
    const res = await request(target.port, path, { host });
    expect(res.status).toBe(404);
    expect(res.header('content-type')).toBe('application/problem+json');
    expect((res.json() as { code: string }).code).toBe(code);
  });

  test.each(['/problems/%ff', '/sitemaps/%ff.xml', '/media/events/%ff/banner.svg', '/.well-known/agent-skills/%ff/SKILL.md', '/eventos/%ff', '/eventos/%', '/%ff'])(
    'malformed percent-encoding %s: a 404, as HTML and as Markdown (never a 500 or 503)',
    async (path) => {
      const html = await request(target.port, path, { host });
      expect(html.status).toBe(404);
      const md = await request(target.port, path, { host, headers: { accept: 'text/markdown' } });
      expect(md.status).toBe(404);
      if (path.startsWith('/eventos/') || path === '/%ff') expect(md.header('content-type')).toBe('text/markdown; charset=utf-8');
    },
  );

  test('OPTIONS * names the server methods; GET * is a 400', async () => {
    const options = await raw(['OPTIONS * HTTP/1.1', `Host: ${host}`, 'Connection: close']);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const get = await raw(['GET * HTTP/1.1', `Host: ${host}`, 'Connection: close']);
    expect(get.status).toBe(400);
  });

  test('absolute-form targets: the target names the host, and no redirect leaves the brand', async () => {
    // A page on a host no brand owns is sent to the default brand's own site, never to the named host.
    const home = await raw(['GET http://evil.example/ HTTP/1.1', `Host: ${host}`, 'Connection: close']);
    expect(home.status).toBe(308);
    expect(home.headers.location).toBe(`http://aurora.localhost:${target.port}/`);
    const slash = await raw([`GET http://evil.example${API}/health/?page=2 HTTP/1.1`, `Host: ${host}`, 'Connection: close']);
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe(`http://aurora.localhost:${target.port}${API}/health?page=2`);
    const mare = await raw([`GET http://mare.localhost:${target.port}${API}/events?per_page=1 HTTP/1.1`, 'Host: aurora.localhost', 'Connection: close']);
    expect(mare.status).toBe(200);
    expect(mare.body).toContain(`http://mare.localhost:${target.port}/eventos/`);
  });

  test('two Host headers: 400', async () => {
    const res = await raw([`GET ${API}/health HTTP/1.1`, `Host: ${host}`, `Host: mare.localhost:${target.port}`, 'Connection: close']);
    expect(res.status).toBe(400);
  });

  test("TRACK, a method Node's HTTP parser does not know, is a 400 from the parser", async () => {
    expect((await raw(['TRACK / HTTP/1.1', `Host: ${host}`, 'Connection: close'])).status).toBe(400);
  });
});

describe('bodies', () => {
  test('identity: JSON 6,000 levels deep is a 400 invalid_body', async () => {
    const res = await post(`${API}/agent/identity`, `{"type":${nested(6000)}}`);
    expect(res.status).toBe(400);
    expect((res.json() as { code: string }).code).toBe('invalid_body');
  });

  test('identity: a blank body past 16 KiB is refused whole, with or without Content-Length', async () => {
    const blank = ' '.repeat(1024 * 1024);
    const declared = await post(`${API}/agent/identity`, blank);
    expect(declared.status).toBe(413);
    expect((declared.json() as { code: string }).code).toBe('payload_too_large');
    const chunked = await rawRequest(
      target.port,
      [`POST ${API}/agent/identity HTTP/1.1`, `Host: ${host}`, 'Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close', '', ''].join('\r\n') +
        Array.from({ length: 64 }, () => `${(8192).toString(16)}\r\n${' '.repeat(8192)}\r\n`).join('') +
        '0\r\n\r\n',
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({ code: 'payload_too_large', status: 413 });
    // Within the limit a blank body is still no body.
    expect((await post(`${API}/agent/identity`, ' '.repeat(1000))).status).toBe(201);
  });

  test('a body is answered before it is all sent: 8 MiB announced, 64 KiB sent', async () => {
    const res = await rawRequest(target.port, [`POST ${API}/agent/identity HTTP/1.1`, `Host: ${host}`, 'Content-Type: application/json', `Content-Length: ${8 * 1024 * 1024}`, '', ''].join('\r\n') + ' '.repeat(64 * 1024));
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
  });

  test('after an oversized body the connection closes, and the next requests are answered on a new one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body: string) =>
      new Promise<number>((resolve, reject) => {
        // 10 s bounds a hung answer only; these answer in milliseconds, seconds at most on a loaded machine.
        const req = httpRequest({ host: '127.0.0.1', port: target.port, path, method: 'POST', agent, headers: { host, 'content-type': 'application/json' }, timeout: 10_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('timeout', () => req.destroy(new Error(`timeout: ${path}`)));
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (let i = 0; i < 3; i++) {
        expect(await send('/a2a', ' '.repeat(200 * 1024))).toBe(413);
        expect(await send('/a2a', '{}')).toBe(200);
        expect(await send(`${API}/agent/identity`, ' '.repeat(100 * 1024))).toBe(413);
        expect(await send(`${API}/agent/identity`, '{}')).toBe(201);
      }
    } finally {
      agent.destroy();
    }
  });

  test('/a2a and /mcp: past 64 KiB a 413 problem, before any of it reaches the route', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(70 * 1024) } });
    for (const path of ['/a2a', '/mcp']) {
      const res = await post(path, big);
      expect(res.status, path).toBe(413);
      expect(res.header('content-type'), path).toBe('application/problem+json');
      expect(res.json(), path).toMatchObject({ code: 'payload_too_large', status: 413, type: expect.stringMatching(/\/problems\/payload_too_large$/) });
    }
  });

  test('/a2a: a deep id or deep metadata is a JSON-RPC error that says nothing internal', async () => {
    const deepId = await post('/a2a', `{"jsonrpc":"2.0","id":${nested(5000)},"method":"SendMessage","params":{}}`);
    expect(deepId.status).toBe(200);
    expect((deepId.json() as { error: { code: number } }).error.code).toBe(-32700);
    const message = (metadata: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"forro"}],"metadata":${metadata}}}}`;
    // 10,000 levels fit in the 64 KiB limit; the 20,000 (100 KB) no longer get past it.
    const deepMeta = await post('/a2a', message('{"a":'.repeat(10000) + '1' + '}'.repeat(10000)));
    expect(deepMeta.status).toBe(200);
    expect(deepMeta.text).not.toMatch(INTERNAL);
    expect((deepMeta.json() as { error: { code: number } }).error.code).toBe(-32700);
    const deeper = await post('/a2a', message('{"a":'.repeat(20000) + '1' + '}'.repeat(20000)));
    expect(deeper.status).toBe(413);
    expect(deeper.text).not.toMatch(INTERNAL);
    const objectId = await post('/a2a', '{"jsonrpc":"2.0","id":{"a":1},"method":"SendMessage","params":{}}');
    expect((objectId.json() as { id: unknown; error: { code: number } }).error.code).toBe(-32600);
  });

  test('/mcp: a deep id is a 400 parse error', async () => {
    const res = await post('/mcp', `{"jsonrpc":"2.0","id":${nested(5000)},"method":"tools/list"}`);
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(INTERNAL);
  });
});

describe('small ones', () => {
  test("the home page's Link header names each relation once", async () => {
    for (let i = 0; i < 2; i++) {
      const links = (await request(target.port, '/', { host })).header('link')!.split(/,\s*(?=<)/);
      expect(links.length).toBeGreaterThanOrEqual(4);
      expect(new Set(links).size).toBe(links.length);
    }
  });

  test.each([
    ['page=0x10', 1, 20],
    ['page=1e3&per_page=1e1', 1, 20],
    ['page=2&per_page=0x10', 2, 20],
  ])('%s: only decimal numbers are numbers', async (qs, page, perPage) => {
    const res = await request(target.port, `${API}/events?${qs}`, { host });
    expect((res.json() as { meta: { current_page: number; per_page: number } }).meta).toMatchObject({ current_page: page, per_page: perPage });
  });
});

const pg = targets.find((t) => t.name === 'postgres');

// The issue's own payloads in the catalog: raw HTML in a name, Markdown lines in an address.
describe.skipIf(!pg)('catalog text cannot inject Markdown', () => {
  const stamp = Date.now().toString(36);
  const pgHost = () => `aurora.localhost:${pg!.port}`;
  const record = (slug: string, token: string, name: string, address: string) => ({
    brand: 'aurora',
    slug,
    name: `${token} ${name}`,
    starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    timezone: 'America/Sao_Paulo',
    venue: { key: `${slug}-venue`, name: 'Arena', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: address },
    producer: { slug: `${slug}-producer`, name: 'Produtora' },
    sectors: [{ name: 'Pista', lots: [{ name: 'Lote 1', price_cents: 5000, fee_cents: 500 }] }],
  });
  const hostile = { slug: `md-hostile-${stamp}`, token: `zqhostile${stamp}` };
  const plain = { slug: `md-plain-${stamp}`, token: `zqplain${stamp}` };

  beforeAll(async () => {
    await importEvents(pg!.databaseUrl!, [
      record(hostile.slug, hostile.token, `<script>alert(1)</script><img src=x onerror=alert(2)> **x** [a](javascript:alert(3))`, `Rua A, 1\n---\n- Menor preço com taxas: R$ 1,00\n\n# Falso\n| a | b |`),
      record(plain.slug, plain.token, 'Show de Forró', 'Rua A, 1'),
    ]);
  });

  test('page route, MCP and A2A: no raw HTML, no javascript: link, the same structure as a plain event', async () => {
    const outputs = async (e: { slug: string; token: string }) => ({
      page: await pageMarkdown(pg!.port, pgHost(), e.slug),
      mcp: await mcpEventPage(pg!.port, pgHost(), e.slug),
      a2aPage: await a2aAsk(pg!.port, pgHost(), e.slug),
      a2aSearch: await a2aAsk(pg!.port, pgHost(), e.token),
    });
    const bad = await outputs(hostile);
    const good = await outputs(plain);
    for (const [name, md] of Object.entries(bad)) {
      expect(htmlNodes(md), name).toEqual([]);
      expect(linkUrls(md).filter((u) => !u.startsWith(`http://aurora.localhost:${pg!.port}/`) && !SERVICE_FORM.test(u)), name).toEqual([]);
      expect(outline(md), name).toBe(outline(good[name as keyof typeof good]));
      expect(md, name).not.toMatch(/^- Menor preço com taxas: R\$ 1,00/m);
    }
    expect(bad.a2aSearch).toContain('\\<script>');
  });
});
