import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../../lib/brand/registry';
import { importLines } from '../../lib/catalog/import';
import { openPostgres } from '../../lib/db/postgres';
import { request } from '../support/client';
import { SHORT_SNAPSHOT_MS } from '../api/global-setup';
import { targets } from '../api/targets';

const pg = targets.find((t) => t.name === 'postgres');
const SLUG = `xss-probe-${Date.now().toString(36)}`;
const PAYLOAD = `<script>alert('x')</script><img src=x onerror=alert(1)>`;
/** A tag that Markdown would pass through as HTML: `<` not escaped with a backslash. */
const UNESCAPED_TAG = /(?<!\\)<\/?(script|img|iframe|svg|a)\b/i;

// An event whose every text field carries script payloads, imported into the
// PostgreSQL target: every output (HTML, Markdown, JSON-LD, JSON, MCP) stays inert.
describe.skipIf(!pg)('script payloads in catalog text are inert everywhere', () => {
  const host = () => `aurora.localhost:${pg!.port}`;

  beforeAll(async () => {
    // Statement timeout for a few inserts that take milliseconds; it bounds a hung server, not a slow one.
    const db = openPostgres(pg!.databaseUrl!, 5_000, 2);
    const record = {
      brand: 'aurora',
      slug: SLUG,
      name: `Show ${PAYLOAD} </script><script>alert(2)</script>`,
      description: `<p>Olá</p>${PAYLOAD}<a href="javascript:alert(3)">clique</a><svg onload=alert(4)></svg><iframe src="https://evil.example"></iframe>`,
      starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      timezone: 'America/Sao_Paulo',
      venue: { key: `xss-venue-${Date.now()}`, name: `Arena ${PAYLOAD}`, city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: `Rua ${PAYLOAD}, 1` },
      producer: { slug: `xss-producer-${Date.now().toString(36)}`, name: `Produtora ${PAYLOAD}` },
      accessibility: ['wheelchair'],
      accessibility_notes: `Rampa ${PAYLOAD}`,
      sectors: [{ name: `Pista ${PAYLOAD}`, lots: [{ name: `Lote ${PAYLOAD}`, price_cents: 1000, fee_cents: 100 }] }],
    };
    const report = await importLines(db, [JSON.stringify(record)], new Set(brandRegistry().brands.map((b) => b.id)));
    expect(report.failed).toEqual([]);
    await db.close();
    // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
    await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));
  });

  test('HTML: no executable markup, JSON-LD cannot break out of its script element', async () => {
    const res = await request(pg!.port, `/eventos/${SLUG}`, { host: host() });
    expect(res.status).toBe(200);
    const withoutNextScripts = res.text.replace(/<script(?: nonce="[^"]+")?[^>]*>self\.__next_f[\s\S]*?<\/script>/g, '');
    expect(withoutNextScripts).not.toMatch(/<script>alert|<img [^>]*onerror|onload=|javascript:|<iframe/i);
    const ldBlocks = res.text.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];
    expect(ldBlocks).toHaveLength(1);
    const ld = JSON.parse(ldBlocks[0]!.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(ld.name).toContain('<script>'); // kept as data, escaped in the page
    // The accessibility note is shown, as text.
    expect(res.text.replaceAll('<!-- -->', '')).toContain('<strong>Sobre a acessibilidade:</strong> Rampa &lt;script&gt;');
    expect(ld.accessibilitySummary).toBe(`Rampa ${PAYLOAD}`);
    expect(ldBlocks[0]).not.toContain('</script><script>');
  });

  test('Markdown: the payloads are text, not HTML', async () => {
    const res = await request(pg!.port, `/eventos/${SLUG}`, { host: host(), headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    // Only escaped text may remain: a raw tag or a javascript: link would be markup.
    expect(res.text).not.toMatch(UNESCAPED_TAG);
    expect(res.text).not.toMatch(/\]\(\s*javascript:/i);
    expect(res.text).toMatch(/^- \*\*Sobre a acessibilidade:\*\* Rampa \\<script>/m);
  });

  test('JSON API and MCP: description sanitized, text fields are plain strings', async () => {
    const api = (await request(pg!.port, `/api/public/v1/events/${SLUG}`, { host: host() })).json() as { description: string; name: string };
    expect(api.description).not.toMatch(/<script|onerror|javascript:|<iframe|<svg/i);
    expect(api.description).toContain('<p>Olá</p>');
    const mcp = await request(pg!.port, '/mcp', {
      method: 'POST',
      host: host(),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_event_page', arguments: { slug: SLUG } } }),
    });
    const text = (mcp.json() as { result: { content: Array<{ text: string }> } }).result.content[0]!.text;
    expect(text).not.toMatch(UNESCAPED_TAG);
    expect(text).not.toMatch(/\]\(\s*javascript:/i);
    expect(text).toContain('Preço com taxas');
    expect(text).toMatch(/^- Sobre a acessibilidade: Rampa \\<script>/m);
  });
});
