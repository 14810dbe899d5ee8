import { beforeAll, describe, expect, test } from 'vitest';
import { a2aAsk, importEvents, mcpEventPage, pageMarkdown } from '../support/agent-markdown';
import { request } from '../support/client';
import { SHORT_SNAPSHOT_MS } from '../api/global-setup';
import { api, type List } from '../api/helpers';
import { targets } from '../api/targets';

// What an event offers for access, from its import line to every surface: the page, its
// Markdown and JSON-LD, MCP and A2A show it; the API, the site, MCP and A2A filter by it;
// the API's Event keeps the spec's fields.

const pg = targets.find((t) => t.name === 'postgres');
const stamp = Date.now().toString(36);
// A word no other event has, so that a search finds these three alone.
const TOKEN = `zqacesso${stamp}`;
const event = (slug: string, accessibility: string[], notes: string | null = null) => ({
  brand: 'aurora',
  slug: `${slug}-${stamp}`,
  name: `${TOKEN} ${slug}`,
  starts_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  timezone: 'America/Recife',
  venue: { key: `a11y-${stamp}`, name: 'Teatro Acessível', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE' },
  sectors: [{ name: 'Plateia', lots: [{ name: 'Inteira', price_cents: 4000, fee_cents: 400 }] }],
  accessibility,
  accessibility_notes: notes,
});
const both = event('peca-com-libras', ['libras', 'wheelchair'], 'Rampa pela entrada lateral.');
const wheelchair = event('peca-com-rampa', ['wheelchair']);
const none = event('peca-sem-recursos', []);
const slugsOf = (list: List) => list.data.map((e) => e.slug).sort();
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);

describe.skipIf(!pg)('accessibility', () => {
  const host = () => `aurora.localhost:${pg!.port}`;
  const get = (path: string, accept = 'text/html') => request(pg!.port, path, { host: host(), headers: { accept } });
  const rpc = async (name: string, args: Record<string, unknown>) => {
    const res = await request(pg!.port, '/mcp', {
      method: 'POST',
      host: host(),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(res.status).toBe(200);
    return res.json() as { result?: { content: Array<{ text: string }> }; error?: { code: number; message: string } };
  };

  beforeAll(async () => {
    await importEvents(pg!.databaseUrl!, [both, wheelchair, none]);
    // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
    await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));
  });

  test('API: accessibility= keeps the events that offer every feature listed; the Event keeps its fields', async () => {
    const listed = async (qs: string) => (await api(pg!, `/events?q=${TOKEN}&${qs}`)).json() as List;
    expect(slugsOf(await listed(''))).toEqual([both.slug, none.slug, wheelchair.slug].sort());
    expect(slugsOf(await listed('accessibility=wheelchair'))).toEqual([both.slug, wheelchair.slug].sort());
    expect(slugsOf(await listed('accessibility=libras'))).toEqual([both.slug]);
    expect(slugsOf(await listed('accessibility=wheelchair,libras'))).toEqual([both.slug]);
    expect(slugsOf(await listed('accessibility=audio_description'))).toEqual([]);
    const filtered = await listed('accessibility=libras');
    expect(Object.keys(filtered.data[0]!)).toEqual(Object.keys((await listed('')).data[0]!));
    expect(Object.keys((await api(pg!, `/events/${both.slug}`)).json() as object)).not.toContain('accessibility');
  });

  test('API: a feature outside the list is a 400 problem with its code', async () => {
    const res = await api(pg!, `/events?accessibility=wheelchair,rampa`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, code: 'invalid_accessibility', error: 'invalid_accessibility', detail: expect.stringContaining('"rampa"') });
  });

  test("the page states the features and the note; JSON-LD's accessibilityFeature; the Markdown says them", async () => {
    const html = await get(`/eventos/${both.slug}`);
    expect(html.status).toBe(200);
    const text = html.text.replaceAll('<!-- -->', '');
    expect(text).toContain('<li><strong>Acessibilidade:</strong> Acessível para cadeirantes, Intérprete de Libras</li>');
    expect(text).toContain('<li><strong>Sobre a acessibilidade:</strong> Rampa pela entrada lateral.</li>');
    expect(jsonLd(html.text)).toMatchObject({ accessibilityFeature: ['Acessível para cadeirantes', 'signLanguage'], accessibilitySummary: 'Rampa pela entrada lateral.' });
    const md = await pageMarkdown(pg!.port, host(), both.slug);
    expect(md).toMatch(/^- \*\*Acessibilidade:\*\* Acessível para cadeirantes, Intérprete de Libras$/m);
    expect(md).toMatch(/^- \*\*Sobre a acessibilidade:\*\* Rampa pela entrada lateral\.$/m);
    // An event that offers nothing says nothing.
    const plain = await get(`/eventos/${none.slug}`);
    expect(plain.text).not.toContain('Acessibilidade:');
    expect(jsonLd(plain.text).accessibilityFeature).toBeUndefined();
  });

  test('the site: a chip of the form, and words of the search box, filter the listing', async () => {
    for (const path of [`/?q=${TOKEN}&acessibilidade=libras`, `/?q=${TOKEN}+com+int%C3%A9rprete+de+Libras`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(`/eventos/${both.slug}`);
      expect(res.text, path).not.toContain(`/eventos/${wheelchair.slug}`);
      expect(res.text, path).toMatch(/class="filter-chip"[^>]*>Intérprete de Libras</);
    }
    const form = await get(`/?q=${TOKEN}`);
    expect(form.text).toContain('<legend>Acessibilidade</legend>');
    expect(form.text).toMatch(/name="acessibilidade" value="cadeirantes"\/?>Acessível para cadeirantes/);
  });

  test("MCP: search_events by its argument or by words of q; get_event_page states the features", async () => {
    const found = async (args: Record<string, unknown>) => slugsOf(JSON.parse((await rpc('search_events', args)).result!.content[0]!.text) as List);
    expect(await found({ q: TOKEN, accessibility: ['wheelchair'] })).toEqual([both.slug, wheelchair.slug].sort());
    expect(await found({ q: `${TOKEN} com intérprete de Libras` })).toEqual([both.slug]);
    // A feature outside the list: invalid arguments, naming the field and the features.
    expect((await rpc('search_events', { q: TOKEN, accessibility: ['rampa'] })).error).toEqual({
      code: -32602,
      message: expect.stringMatching(/^Invalid arguments for search_events: accessibility\.0: .*"wheelchair"\|"libras"/),
    });
    const page = await mcpEventPage(pg!.port, host(), both.slug);
    expect(page).toMatch(/^- Acessibilidade: Acessível para cadeirantes, Intérprete de Libras$/m);
  });

  test('A2A: "acessível para cadeirantes" and "com intérprete de Libras" in a request', async () => {
    const libras = await a2aAsk(pg!.port, host(), `${TOKEN} com intérprete de Libras`);
    expect(libras).toContain(both.slug);
    expect(libras).not.toContain(wheelchair.slug);
    const rolling = await a2aAsk(pg!.port, host(), `${TOKEN} acessível para cadeirantes`);
    expect(rolling).toContain(both.slug);
    expect(rolling).toContain(wheelchair.slug);
    expect(rolling).not.toContain(none.slug);
  });
});
