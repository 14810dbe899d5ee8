import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startServer, type RunningServer } from '../support/server';

// MCP to the letter of the negotiated version, and a server card that is the live
// server's own description.
describe('MCP conformance', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer('mcp-conformance', {});
  });
  afterAll(() => server?.stop());

  const rpc = async (body: unknown, version?: string) => {
    const reply = await request(server.port, '/mcp', {
      method: 'POST',
      host: '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(version ? { 'mcp-protocol-version': version } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: reply.status, body: reply.json() as { error?: { code: number; message: string }; result?: Record<string, unknown> } & unknown[] };
  };

  test('the server card lists what the live server says through the official client', async () => {
    const client = new Client({ name: 'card-check', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`));
    await client.connect(transport);
    const card = (await request(server.port, '/.well-known/mcp/server-card.json', { host: '127.0.0.1' })).json() as Record<string, unknown>;
    const { tools } = await client.listTools();
    expect(card.tools).toEqual(tools);
    expect(card.capabilities).toEqual(client.getServerCapabilities());
    expect(card.serverInfo).toEqual(client.getServerVersion());
    expect(card.protocolVersion).toBe(transport.protocolVersion);
    expect(card.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(false);
    for (const t of tools) {
      expect(t.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(t.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    }
    await client.close();
  });

  test('an unknown tool is a JSON-RPC error -32602, in every version', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const { status, body } = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'drop_tables', arguments: {} } }, version);
      expect(status).toBe(200);
      expect(body.error).toEqual({ code: -32602, message: 'Unknown tool: drop_tables' });
      expect(body.result).toBeUndefined();
    }
  });

  test('tools/call without params is -32602 with a short message, no validator dump', async () => {
    const { body } = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call' }, '2025-06-18');
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toMatch(/^Invalid params for tools\/call: params: /);
    expect(body.error?.message.length).toBeLessThan(200);
    expect(body.error?.message).not.toMatch(/[[{]\s*\n|"code"|ZodError|at /);
  });

  test('invalid arguments: a protocol error up to 2025-06-18, a tool execution error from 2025-11-25', async () => {
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_events', arguments: { per_page: 99 } } };
    const old = await rpc(call, '2025-06-18');
    expect(old.body.error?.code).toBe(-32602);
    expect(old.body.error?.message).toMatch(/^Invalid arguments for search_events: per_page: /);
    const current = await rpc(call, '2025-11-25');
    expect(current.body.error).toBeUndefined();
    expect(current.body.result?.isError).toBe(true);
  });

  test('JSON-RPC batches: refused from 2025-06-18 on, answered under 2025-03-26 (and without a version header, which means 2025-03-26)', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    for (const version of ['2025-06-18', '2025-11-25']) {
      const refused = await rpc(`  \n${JSON.stringify(batch)}`, version);
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { error: { code: number } }).error.code).toBe(-32600);
    }
    for (const version of ['2025-03-26', undefined]) {
      const answered = await rpc(batch, version);
      expect(answered.status).toBe(200);
      expect(Array.isArray(answered.body)).toBe(true);
      expect((answered.body as unknown as Array<{ id: number }>).map((m) => m.id).sort()).toEqual([1, 2]);
    }
  });

  test('params that do not fit their method are -32602 with a one-line message, in any method', async () => {
    for (const params of [{ name: 5 }, { name: 'get_event', arguments: 'slug' }]) {
      const { body } = await rpc({ jsonrpc: '2.0', id: 4, method: 'tools/call', params }, '2025-06-18');
      expect(body.error?.code).toBe(-32602);
      expect(body.error?.message).toMatch(/^Invalid params for tools\/call: /);
      expect(body.error?.message).not.toMatch(/\n/);
    }
    const init = await rpc({ jsonrpc: '2.0', id: 5, method: 'initialize', params: { protocolVersion: 7 } });
    expect(init.body.error?.code).toBe(-32602);
    expect(init.body.error?.message).not.toMatch(/\n/);
  });
});
