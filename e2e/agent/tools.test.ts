import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoRegistry } from '../../lib/brand/registry';
import { freePort, startServer, type RunningServer } from '../support/server';

// The official SDK clients resolve the URLs the documents give them, and Node does not
// resolve *.localhost: this server's registry puts the default brand on 127.0.0.1.
describe('MCP and A2A through the official clients', () => {
  let server: RunningServer;
  let site: string;

  beforeAll(async () => {
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    const registry = demoRegistry(port);
    registry.brands[0] = { ...registry.brands[0]!, site_url: site };
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    writeFileSync(join(dir, 'brands.json'), JSON.stringify(registry));
    server = await startServer('tools', { BRANDS_FILE: join(dir, 'brands.json') }, { port });
  });
  afterAll(() => server?.stop());

  async function mcp() {
    const client = new Client({ name: 'catalog-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site}/mcp`)));
    return client;
  }

  test('MCP: lists the three read-only tools', async () => {
    const client = await mcp();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_event', 'get_event_page', 'search_events']);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  test('MCP: search_events finds events with the API filters; get_event and get_event_page read one', async () => {
    const client = await mcp();
    const search = await client.callTool({ name: 'search_events', arguments: { q: 'sao paulo', per_page: 5 } });
    const found = search.structuredContent as { data: Array<{ slug: string; name: string; url: string }>; meta: { total: number } };
    expect(found.meta.total).toBeGreaterThan(0);
    expect(found.data.length).toBeLessThanOrEqual(5);
    const slug = found.data[0]!.slug;

    const event = await client.callTool({ name: 'get_event', arguments: { slug } });
    expect((event.structuredContent as { slug: string; producer: unknown }).slug).toBe(slug);

    const page = await client.callTool({ name: 'get_event_page', arguments: { slug } });
    const md = (page.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(md).toContain('| Setor | Lote | Preço | Taxa | Preço com taxas | Situação |');
    expect(md).toMatch(/R\$ \d/);
    expect(md).toContain(`url: "${site}/eventos/${slug}"`);

    const missing = await client.callTool({ name: 'get_event', arguments: { slug: 'no-such-event' } });
    expect(missing.isError).toBe(true);
    await client.close();
  });

  test('A2A: the client reads the agent card and gets a deterministic answer', async () => {
    const client = await new ClientFactory().createFromUrl(site);
    const ask = async (text: string) => {
      const result = await client.sendMessage({
        tenant: '',
        message: { messageId: crypto.randomUUID(), contextId: '', taskId: '', role: 1, parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }], metadata: undefined, extensions: [], referenceTaskIds: [] },
        configuration: undefined,
        metadata: undefined,
      });
      const message = result as { parts: Array<{ content?: { $case: string; value: string } }> };
      return message.parts.map((p) => p.content?.value ?? '').join('');
    };
    const first = await ask('forró');
    expect(first).toMatch(/eventos para "forró"/);
    expect(await ask('forró')).toBe(first);
    const slug = /\/eventos\/([a-z0-9-]+)\)/.exec(first)![1]!;
    const page = await ask(`${site}/eventos/${slug}`);
    expect(page).toContain('Preço com taxas');
  });
});
