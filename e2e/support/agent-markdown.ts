import { brandRegistry } from '../../lib/brand/registry';
import { importLines } from '../../lib/catalog/import';
import { openPostgres } from '../../lib/db/postgres';
import { request } from './client';

// The three producers of Markdown over one event: the page route, MCP get_event_page,
// and the A2A agent (an event page, or a search).

export async function importEvents(databaseUrl: string, records: object[]): Promise<void> {
  // Statement timeout for a handful of inserts that take milliseconds; it bounds a hung server, not a slow one.
  const db = openPostgres(databaseUrl, 10_000, 2);
  try {
    const report = await importLines(db, records.map((r) => JSON.stringify(r)), new Set(brandRegistry().brands.map((b) => b.id)));
    if (report.failed.length) throw new Error(`import refused: ${JSON.stringify(report.failed).slice(0, 500)}`);
  } finally {
    await db.close();
  }
}

export async function pageMarkdown(port: number, host: string, slug: string): Promise<string> {
  const res = await request(port, `/eventos/${slug}`, { host, headers: { accept: 'text/markdown' } });
  if (res.status !== 200) throw new Error(`page Markdown of ${slug}: ${res.status}`);
  return res.text;
}

export async function mcpEventPage(port: number, host: string, slug: string): Promise<string> {
  const res = await request(port, '/mcp', {
    method: 'POST',
    host,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_event_page', arguments: { slug } } }),
  });
  const result = (res.json() as { result?: { content: Array<{ text: string }>; isError?: boolean } }).result;
  if (res.status !== 200 || !result || result.isError) throw new Error(`MCP get_event_page ${slug}: ${res.status} ${res.text.slice(0, 300)}`);
  return result.content[0]!.text;
}

export async function a2aAsk(port: number, host: string, text: string): Promise<string> {
  const res = await request(port, '/a2a', {
    method: 'POST',
    host,
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } } }),
  });
  const parts = (res.json() as { result?: { message?: { parts: Array<{ text?: string }> } } }).result?.message?.parts;
  if (res.status !== 200 || !parts) throw new Error(`A2A ${text}: ${res.status} ${res.text.slice(0, 300)}`);
  return parts.map((p) => p.text ?? '').join('');
}
