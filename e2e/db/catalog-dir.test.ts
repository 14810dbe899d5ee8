import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startServer, type RunningServer } from '../support/server';

// An on-disk embedded catalog is locked to one opener. Every part of the app (API,
// pages, Markdown, tools) must share the process's one connection to it: a second
// opener inside the same process would be refused by the lock and its pages would fail.
describe('embedded catalog on disk (CATALOG_DIR)', () => {
  let server: RunningServer;
  let dir: string;
  let slug: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-dir-'));
    server = await startServer('catalog-dir', { CATALOG_DIR: join(dir, 'catalog'), DEMO_EVENTS: '60' });
    const list = await request(server.port, '/api/public/v1/events?per_page=1');
    slug = (list.json() as { data: { slug: string }[] }).data[0]!.slug;
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('API, listing page, event page, Markdown and MCP all answer from it', async () => {
    const mcpCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_event', arguments: { slug } } });
    const replies = await Promise.all([
      request(server.port, `/api/public/v1/events/${slug}`),
      request(server.port, '/'),
      request(server.port, `/eventos/${slug}`),
      request(server.port, `/eventos/${slug}`, { headers: { accept: 'text/markdown' } }),
      request(server.port, '/mcp', {
        method: 'POST',
        body: mcpCall,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      }),
    ]);
    for (const reply of replies) expect(reply.status, server.output()).toBe(200);
    const [api, , page, markdown, mcp] = replies;
    expect((api!.json() as { slug: string }).slug).toBe(slug);
    expect(page!.header('content-type')).toMatch(/^text\/html/);
    expect(page!.text).toContain(`/eventos/${slug}`);
    expect(markdown!.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown!.text).toMatch(/^---\ntitle: /);
    expect(mcp!.text).toContain(slug);
    expect(server.output()).not.toMatch(/in use by another process/);
  });
});
