import { Client as ModernClient, ProtocolError, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { schemaErrors } from '../support/mcp-schemas';
import { siteOnLoopback, startServerWithDefaultBrand, type RunningServer } from '../support/server';

// Both eras of MCP on the one /mcp endpoint, driven by the official clients of each:
// the 1.x SDK client (initialize, then MCP-Protocol-Version) for 2025-11-25, 2025-06-18
// and 2025-03-26, the 2.x client pinned to 2026-07-28 (per-request _meta, no handshake).
// Every answer is also checked against the official JSON Schema of its revision.

const ALL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];
const TOOLS = ['get_event', 'get_event_page', 'search_events'];

type Exchange = { method: string; headers: Headers; body: unknown; status: number; reply: unknown };

/** A fetch that keeps every JSON-RPC exchange, optionally rewriting the request body first. */
function recordingFetch(log: Exchange[], rewrite?: (body: Record<string, unknown>) => Record<string, unknown>): typeof fetch {
  return async (input, init) => {
    let body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (rewrite && body && typeof body === 'object' && !Array.isArray(body)) body = rewrite(body as Record<string, unknown>);
    const res = await fetch(input, { ...init, body: body === undefined ? init?.body : JSON.stringify(body) });
    const text = await res.clone().text();
    let reply: unknown = text;
    if (res.headers.get('content-type')?.startsWith('application/json') && text) reply = JSON.parse(text);
    log.push({ method: init?.method ?? 'GET', headers: new Headers(init?.headers), body, status: res.status, reply });
    return res;
  };
}

/** The JSON-RPC result or error answered to the last request of a method. */
function lastReply(log: Exchange[], method: string): { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } } {
  const found = [...log].reverse().find((e) => (e.body as { method?: string } | undefined)?.method === method);
  if (!found) throw new Error(`no ${method} exchange`);
  return found.reply as { result?: Record<string, unknown> };
}

describe('MCP, both eras on one endpoint, through the official clients', () => {
  let server: RunningServer;
  let site: string;
  let slug: string;

  beforeAll(async () => {
    server = await startServerWithDefaultBrand('mcp-eras', siteOnLoopback);
    site = `http://127.0.0.1:${server.port}`;
    const list = (await request(server.port, '/api/public/v1/events?per_page=1', { host: `127.0.0.1:${server.port}` })).json() as { data: Array<{ slug: string }> };
    slug = list.data[0]!.slug;
  });
  afterAll(() => server?.stop());

  /** The 1.x client, asking for `version` in its initialize request. */
  async function legacyClient(version: string, log: Exchange[] = []) {
    const askFor = (body: Record<string, unknown>) =>
      body.method === 'initialize' ? { ...body, params: { ...(body.params as object), protocolVersion: version } } : body;
    const transport = new LegacyTransport(new URL(`${site}/mcp`), { fetch: recordingFetch(log, askFor) });
    const client = new LegacyClient({ name: 'legacy-check', version: '1.0.0' });
    await client.connect(transport);
    return { client, transport, log };
  }

  async function modernClient(log: Exchange[] = [], url = `${site}/mcp`) {
    const client = new ModernClient({ name: 'modern-check', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(new URL(url), { fetch: recordingFetch(log) }));
    return { client, log };
  }

  const rpc = async (body: unknown, headers: Record<string, string>) => {
    const port = Number(new URL(site).port);
    const reply = await request(port, '/mcp', {
      method: 'POST',
      host: `127.0.0.1:${port}`,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: reply.json() as { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: Record<string, unknown> } } };
  };
  const envelope = (version = '2026-07-28') => ({
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  });

  describe.each(LEGACY_VERSIONS)('%s, the 1.x client', (version) => {
    const structured = version >= '2025-06-18';

    test('initialize settles on the revision asked for; the result fits that revision', async () => {
      const { client, transport, log } = await legacyClient(version);
      expect(transport.protocolVersion).toBe(version);
      expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      expect(client.getServerVersion()?.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
      // Implementation.title, like tool titles, arrived with 2025-06-18.
      if (structured) expect(client.getServerVersion()?.title).toBeTruthy();
      else expect(client.getServerVersion()).not.toHaveProperty('title');
      expect(schemaErrors(version, 'InitializeResult', lastReply(log, 'initialize').result)).toEqual([]);
      await client.ping();
      await client.close();
    });

    test('tools/list: every tool, with titles and output schemas from 2025-06-18 on; the answer fits the revision', async () => {
      const { client, log } = await legacyClient(version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
      for (const t of tools) {
        expect(t.inputSchema.type).toBe('object');
        if (structured) {
          expect(t.title).toBeTruthy();
          expect(t.outputSchema?.type).toBe('object');
        } else {
          expect(t).not.toHaveProperty('title');
          expect(t).not.toHaveProperty('outputSchema');
        }
      }
      const result = lastReply(log, 'tools/list').result!;
      expect(schemaErrors(version, 'ListToolsResult', result)).toEqual([]);
      // Nothing of 2026-07-28 leaks into a legacy answer.
      for (const key of ['resultType', 'ttlMs', 'cacheScope', '_meta']) expect(result).not.toHaveProperty(key);
      await client.close();
    });

    test('tools/call: every tool answers; structured content (checked by the client against the output schema) from 2025-06-18 on', async () => {
      const { client, log } = await legacyClient(version);
      await client.listTools();
      const calls = [
        { name: 'search_events', arguments: { q: 'show', per_page: 3 } },
        { name: 'get_event', arguments: { slug } },
        { name: 'get_event_page', arguments: { slug } },
      ];
      for (const call of calls) {
        const result = await client.callTool(call);
        expect(result.isError, call.name).toBeFalsy();
        const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
        if (structured) {
          expect(result.structuredContent, call.name).toBeTruthy();
          if (call.name !== 'get_event_page') expect(JSON.parse(text)).toEqual(result.structuredContent);
          else expect((result.structuredContent as { markdown: string }).markdown).toBe(text);
        } else {
          expect(result).not.toHaveProperty('structuredContent');
        }
        const reply = lastReply(log, 'tools/call').result!;
        expect(schemaErrors(version, 'CallToolResult', reply)).toEqual([]);
        expect(reply).not.toHaveProperty('resultType');
      }
      await client.close();
    });

    test('errors: an unknown tool is -32602; bad arguments are -32602 up to 2025-06-18 and a tool execution error from 2025-11-25', async () => {
      const { client } = await legacyClient(version);
      const unknown = await client.callTool({ name: 'drop_tables', arguments: {} }).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(McpError);
      expect((unknown as McpError).code).toBe(-32602);
      expect((unknown as McpError).message).toContain('Unknown tool: drop_tables');

      const bad = { name: 'search_events', arguments: { per_page: 99 } };
      if (version >= '2025-11-25') {
        const result = await client.callTool(bad);
        expect(result.isError).toBe(true);
        expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^Invalid arguments for search_events: per_page: /);
      } else {
        const error = await client.callTool(bad).catch((e: unknown) => e);
        expect((error as McpError).code).toBe(-32602);
      }
      await client.close();
    });

    test('server/discover is not a method of a legacy revision', async () => {
      const { status, body } = await rpc({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, { 'mcp-protocol-version': version });
      expect(status).toBe(200);
      expect(body.error?.code).toBe(-32601);
    });
  });

  describe('2026-07-28, the 2.x client', () => {
    test('discover: every revision the endpoint serves, capabilities, identity, cache hints; fits the 2026-07-28 schema', async () => {
      const { client, log } = await modernClient();
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const discovered = await client.discover();
      expect(discovered.supportedVersions).toEqual(ALL_VERSIONS);
      expect(discovered.capabilities.tools).toEqual({ listChanged: false });
      const raw = lastReply(log, 'server/discover').result!;
      expect(raw.resultType).toBe('complete');
      expect(raw).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
      expect((raw._meta as Record<string, { name: string }>)['io.modelcontextprotocol/serverInfo']).toEqual(client.getServerVersion());
      expect(schemaErrors('2026-07-28', 'DiscoverResult', raw)).toEqual([]);
      await client.close();
    });

    test('tools/list and tools/call: every tool, with output schemas and structured content; the request carries _meta and the standard headers', async () => {
      const { client, log } = await modernClient();
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
      for (const t of tools) expect(t.outputSchema?.type).toBe('object');
      const listed = lastReply(log, 'tools/list').result!;
      expect(listed.resultType).toBe('complete');
      expect(listed.cacheScope).toBe('public');
      expect(listed.ttlMs).toBeGreaterThan(0);
      expect(listed.ttlMs).toBeLessThanOrEqual(3_600_000);
      expect(schemaErrors('2026-07-28', 'ListToolsResult', listed)).toEqual([]);

      for (const call of [
        { name: 'search_events', arguments: { q: 'show', per_page: 3 } },
        { name: 'get_event', arguments: { slug } },
        { name: 'get_event_page', arguments: { slug } },
      ]) {
        const result = await client.callTool(call);
        expect(result.isError, call.name).toBeFalsy();
        expect(result.structuredContent, call.name).toBeTruthy();
        const exchange = log.at(-1)!;
        expect(exchange.headers.get('mcp-method')).toBe('tools/call');
        expect(exchange.headers.get('mcp-name')).toBe(call.name);
        expect(exchange.headers.get('mcp-protocol-version')).toBe('2026-07-28');
        expect((exchange.body as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
        const reply = (exchange.reply as { result: Record<string, unknown> }).result;
        expect(reply.resultType).toBe('complete');
        expect(schemaErrors('2026-07-28', 'CallToolResult', reply)).toEqual([]);
      }
      await client.close();
    });

    test('errors through the client: an unknown tool is -32602, bad arguments a tool execution error', async () => {
      const { client } = await modernClient();
      const unknown = await client.callTool({ name: 'drop_tables', arguments: {} }).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(ProtocolError);
      expect((unknown as ProtocolError).code).toBe(-32602);
      expect((unknown as ProtocolError).message).toContain('Unknown tool: drop_tables');
      const bad = await client.callTool({ name: 'search_events', arguments: { per_page: 99 } });
      expect(bad.isError).toBe(true);
      expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/^Invalid arguments for search_events: per_page: /);
      await client.close();
    });

    test("the 2.x client's other modes: 'auto' probes server/discover and stays modern; the default speaks 2025-11-25", async () => {
      for (const [mode, era, version] of [
        [{ versionNegotiation: { mode: 'auto' as const } }, 'modern', '2026-07-28'],
        [{}, 'legacy', '2025-11-25'],
      ] as const) {
        const client = new ModernClient({ name: 'modes', version: '1.0.0' }, mode);
        await client.connect(new ModernTransport(new URL(`${site}/mcp`)));
        expect(client.getProtocolEra()).toBe(era);
        expect(client.getNegotiatedProtocolVersion()).toBe(version);
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
        expect((await client.callTool({ name: 'get_event', arguments: { slug } })).structuredContent).toMatchObject({ slug });
        await client.close();
      }
    });

    test('an unsupported revision is 400 -32022, listing every revision served', async () => {
      for (const requested of ['2099-01-01', '2024-11-05']) {
        const { status, body } = await rpc(
          { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: envelope(requested) } },
          { 'mcp-protocol-version': requested, 'mcp-method': 'tools/list' },
        );
        expect(status).toBe(400);
        expect(body.id).toBe(7);
        expect(body.error).toEqual({ code: -32022, message: 'Unsupported protocol version', data: { supported: ALL_VERSIONS, requested } });
        expect(schemaErrors('2026-07-28', 'UnsupportedProtocolVersionError', { jsonrpc: '2.0', ...body })).toEqual([]);
      }
      // A legacy request naming an unserved revision in its header is told the same.
      const legacy = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/list' }, { 'mcp-protocol-version': '2024-11-05' });
      expect(legacy.status).toBe(400);
      expect(legacy.body.error?.code).toBe(-32022);
      expect(legacy.body.error?.data?.supported).toEqual(ALL_VERSIONS);
    });

    test('headers that disagree with the body, or are missing, are 400 -32020; an unknown method is 404 -32601', async () => {
      const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_event', arguments: { slug }, _meta: envelope() } };
      const base = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
      const ok = await rpc(call, { ...base, 'mcp-name': 'get_event' });
      expect(ok.status).toBe(200);
      expect(ok.body.result?.resultType).toBe('complete');
      for (const headers of [{ ...base, 'mcp-name': 'get_event_page' }, base, { ...base, 'mcp-method': 'tools/list', 'mcp-name': 'get_event' }]) {
        const { status, body } = await rpc(call, headers);
        expect(status).toBe(400);
        expect(body.error?.code).toBe(-32020);
      }
      const unknown = await rpc({ jsonrpc: '2.0', id: 10, method: 'resources/list', params: { _meta: envelope() } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/list' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error?.code).toBe(-32601);
    });
  });

  test('both cards agree with what server/discover and tools/list say', async () => {
    const port = Number(new URL(site).port);
    const host = `127.0.0.1:${port}`;
    const card = (await request(port, '/mcp/server-card', { host })).json() as Record<string, unknown> & { remotes: Array<{ url: string; supportedProtocolVersions: string[] }> };
    const old = (await request(port, '/.well-known/mcp/server-card.json', { host })).json() as Record<string, unknown>;

    const { client: modern } = await modernClient();
    const discovered = await modern.discover();
    const info = modern.getServerVersion()!;
    expect({ name: card.name, title: card.title, version: card.version }).toEqual({ name: info.name, title: info.title, version: info.version });
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: `${site}/mcp`, supportedProtocolVersions: discovered.supportedVersions }]);
    expect(card).not.toHaveProperty('tools');

    const { client: legacy, transport } = await legacyClient('2025-11-25');
    const { tools } = await legacy.listTools();
    expect(old.tools).toEqual(tools);
    expect((await modern.listTools()).tools).toEqual(tools);
    expect(old.serverInfo).toEqual(legacy.getServerVersion());
    expect(old.serverInfo).toEqual(info);
    expect(old.capabilities).toEqual(discovered.capabilities);
    expect(old.protocolVersion).toBe(transport.protocolVersion);
    expect(old.supportedProtocolVersions).toEqual(discovered.supportedVersions);
    await modern.close();
    await legacy.close();
  });

  test('a 2026-07-28 client finds the server from the home page alone: Link → AI Catalog → server card → tools', async () => {
    const home = await fetch(`${site}/`);
    const link = home.headers.get('link') ?? '';
    const catalogUrl = /<([^>]+)>; rel="ai-catalog"/.exec(link)?.[1];
    expect(catalogUrl).toBe(`${site}/.well-known/ai-catalog.json`);

    const catalogRes = await fetch(catalogUrl!);
    expect(catalogRes.headers.get('content-type')).toBe('application/ai-catalog+json');
    const catalog = (await catalogRes.json()) as { specVersion: string; entries: Array<{ type: string; url: string }> };
    expect(catalog.specVersion).toBe('1.0');
    const entry = catalog.entries.find((e) => e.type === 'application/mcp-server-card+json')!;

    const cardRes = await fetch(entry.url, { headers: { accept: 'application/mcp-server-card+json' } });
    expect(cardRes.headers.get('content-type')).toBe('application/mcp-server-card+json');
    const card = (await cardRes.json()) as { remotes: Array<{ type: string; url: string; supportedProtocolVersions: string[] }> };
    const remote = card.remotes.find((r) => r.type === 'streamable-http' && r.supportedProtocolVersions.includes('2026-07-28'))!;

    const { client } = await modernClient([], remote.url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const found = await client.callTool({ name: 'search_events', arguments: { per_page: 1 } });
    const first = (found.structuredContent as { data: Array<{ slug: string }> }).data[0]!;
    const page = await client.callTool({ name: 'get_event_page', arguments: { slug: first.slug } });
    expect((page.structuredContent as { slug: string }).slug).toBe(first.slug);
    await client.close();
  });
});
