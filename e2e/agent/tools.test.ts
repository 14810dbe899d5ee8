import { ClientFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localToday, monthRange, relativeRange } from '../../lib/catalog/search/relative-dates';
import { siteOnLoopback, startServerWithDefaultBrand, type RunningServer } from '../support/server';

// The official SDK clients resolve the URLs the documents give them, and Node does not
// resolve *.localhost: this server's registry puts the default brand on 127.0.0.1.
describe('MCP and A2A through the official clients', () => {
  let server: RunningServer;
  let site: string;

  beforeAll(async () => {
    server = await startServerWithDefaultBrand('tools', siteOnLoopback);
    site = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.stop());

  /** A question to the A2A agent through the official client, which reads the agent card first; the answer's text. */
  async function askAgent(text: string): Promise<string> {
    const client = await new ClientFactory().createFromUrl(site);
    const result = await client.sendMessage({
      tenant: '',
      message: { messageId: crypto.randomUUID(), contextId: '', taskId: '', role: 1, parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }], metadata: undefined, extensions: [], referenceTaskIds: [] },
      configuration: undefined,
      metadata: undefined,
    });
    const message = result as { parts: Array<{ content?: { $case: string; value: string } }> };
    return message.parts.map((p) => p.content?.value ?? '').join('');
  }

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

  type Found = { data: Array<{ slug: string; name: string; starts_at: string | null; is_online: boolean; location: { city: string | null } | null }>; meta: { total: number } };
  const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

  test('MCP: search_events describes its filters, relative dates in the brand time zone included', async () => {
    const client = await mcp();
    const { tools } = await client.listTools();
    const search = tools.find((t) => t.name === 'search_events')!;
    const props = search.inputSchema.properties as Record<string, { description?: string; enum?: string[] }>;
    for (const name of ['q', 'when', 'date_from', 'date_to', 'near', 'near_city', 'radius_km', 'sort']) expect(props, name).toHaveProperty(name);
    expect(props.when!.enum).toEqual(['today', 'tomorrow', 'this_weekend', 'next_7_days']);
    expect(props.when!.description).toContain(`today (${localToday(new Date(), 'America/Sao_Paulo')}, time zone America/Sao_Paulo)`);
    expect(props.sort!.enum).toEqual(['relevance', 'date', 'distance', 'price']);
    await client.close();
  });

  test('MCP: search_events takes the filters, and says what is wrong with a bad one', async () => {
    const client = await mcp();
    const call = (args: Record<string, unknown>) => client.callTool({ name: 'search_events', arguments: args });
    const week = relativeRange('next_7_days', new Date(), 'America/Sao_Paulo');
    const inWeek = (await call({ when: 'next_7_days', per_page: 50 })).structuredContent as Found;
    expect(inWeek.meta.total).toBeGreaterThan(0);
    for (const e of inWeek.data) {
      expect(e.starts_at!.slice(0, 10) >= week.from && e.starts_at!.slice(0, 10) <= week.to, e.starts_at!).toBe(true);
    }
    const near = (await call({ q: 'forró', near_city: 'recife', radius_km: 150, sort: 'distance', per_page: 50 })).structuredContent as Found;
    expect(near.meta.total).toBeGreaterThan(0);
    // Within 150 km of Recife: Recife, João Pessoa (about 105 km), Caruaru (about 120 km); nearest first.
    const order = ['Recife', 'João Pessoa', 'Caruaru'];
    for (const e of near.data) {
      expect(e.is_online).toBe(false);
      expect(order).toContain(e.location?.city);
    }
    const ranks = near.data.map((e) => order.indexOf(e.location!.city!));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const noPlace = await call({ sort: 'distance' });
    expect(noPlace.isError).toBe(true);
    expect(text(noPlace)).toMatch(/^invalid_sort: /);
    const badDay = await call({ date_from: '2026-02-30' });
    expect(badDay.isError).toBe(true);
    expect(text(badDay)).toMatch(/^invalid_date: /);
    const nowhere = await call({ near_city: 'Atlântida' });
    expect(nowhere.isError).toBe(true);
    await client.close();
  });

  test('MCP and A2A say which words no event has together; counts say whether they are exact', async () => {
    const client = await mcp();
    const search = await client.callTool({ name: 'search_events', arguments: { q: 'Zzqqx forró', per_page: 5 } });
    const content = search.content as Array<{ type: string; text: string }>;
    const found = search.structuredContent as { data: Array<{ name: string }>; meta: { total: number; total_relation: string } };
    expect(JSON.parse(content[0]!.text)).toEqual(found);
    expect(content[1]!.text).toBe('No event matches all of "zzqqx", "forró" together: these events match some of them.');
    expect(found.meta.total_relation).toBe('eq');
    expect(found.data.length).toBeGreaterThan(0);
    const plain = await client.callTool({ name: 'search_events', arguments: { q: 'recife', per_page: 5 } });
    // No notice when every word matches: the JSON, then the per-event part only.
    const parts = plain.content as Array<{ text: string }>;
    expect(parts).toHaveLength(2);
    expect(parts[1]!.text).toMatch(/^Per event \(prices include fees/);
    await client.close();

    const answer = await askAgent('Zzqqx forró');
    // The agent reads the request's words folded.
    expect(answer).toContain('Nenhum evento tem “zzqqx” e “forro” juntos: abaixo, os que têm parte dessas palavras.');
    expect(answer).toMatch(/\n\n\d+ eventos? para "Zzqqx forró" \(mostrando \d+\):/);
  });

  test('MCP and A2A offer the ways out the site offers, each with its count and a ready request', async () => {
    const client = await mcp();
    type Found = { meta: { total: number } };
    const call = async (args: Record<string, unknown>) => {
      const r = await client.callTool({ name: 'search_events', arguments: args });
      return { found: r.structuredContent as Found, notes: (r.content as Array<{ text: string }>).slice(1).map((c) => c.text) };
    };
    // The review's request: jazz in São Paulo on days nothing is on (a weekend long past).
    const jazz = await call({ q: 'jazz in são paulo from 2020-01-04 to 2020-01-05' });
    expect(jazz.found.meta.total).toBe(0);
    const note = jazz.notes.find((n) => n.startsWith('No event matches this search. Ways out'))!;
    const line = note.split('\n').find((l) => l.startsWith('- without the dates filter: '))!;
    const [, count, args] = /: (\d+) events?; arguments: (\{.*\})$/.exec(line)!;
    expect(JSON.parse(args!)).toEqual({ q: 'jazz', city: 'São Paulo' });
    const again = await call(JSON.parse(args!));
    expect(again.found.meta.total).toBe(Number(count));
    expect(again.found.meta.total).toBeGreaterThan(0);
    // Words that match nothing: the catalog's categories and cities, ready to ask.
    const nothing = await call({ q: 'zumbalanga quântica' });
    const lines = nothing.notes.find((n) => n.startsWith('No event matches this search.'))!.split('\n').slice(1);
    const category = lines.find((l) => l.startsWith('- the category '))!;
    const [, n, categoryArgs] = /: (\d+) events?; arguments: (\{.*\})$/.exec(category)!;
    expect((await call(JSON.parse(categoryArgs!))).found.meta.total).toBe(Number(n));
    expect(lines.some((l) => l.startsWith('- the city '))).toBe(true);
    await client.close();

    // A2A: samba in Recife, which the demo catalog does not have.
    const answer = await askAgent('samba em Recife');
    expect(answer).toContain('Nenhum evento encontrado para "samba em Recife" (em Recife).');
    expect(answer).toContain('Encontram eventos (peça de novo com a frase entre aspas):');
    const everywhere = /- Em todas as cidades \(([\d.]+) eventos?\): peça "(.+)"/.exec(answer)!;
    expect(everywhere[2]).toBe('samba');
    expect(await askAgent(everywhere[2]!)).toContain(`${everywhere[1]} eventos para "samba"`);
    const other = /- Em ((?!todas|qualquer)[^(]+) \(([\d.]+) eventos?\): peça "(.+)"/.exec(answer)!;
    expect(other[3]).toBe(`samba em ${other[1]}`);
    expect(await askAgent(other[3]!)).toMatch(new RegExp(`${other[2]} eventos? para`));
    const browse = await askAgent('zumbalanga quântica');
    expect(browse).toMatch(/- Eventos em [^(]+ \(\d+ eventos?\): peça "eventos em [^"]+"/);
    const kind = /- ([^(]+?) \((\d+) eventos?\): peça "([^"]+)"/.exec(browse)!;
    expect(kind[3]).toBe(kind[1]);
  });

  test('A2A: the agent reads dates and places in the request', async () => {
    const weekend = relativeRange('this_weekend', new Date(), 'America/Sao_Paulo');
    const forro = await askAgent('forró em Recife neste fim de semana');
    const range = weekend.from === weekend.to ? `em ${weekend.from}` : `de ${weekend.from} a ${weekend.to}`;
    // The city said is the city filter, as the site's chip sets it.
    expect(forro).toContain(`"forró em Recife neste fim de semana" (em Recife, ${range})`);
    for (const line of forro.split('\n').filter((l) => l.startsWith('- ') && l.includes(' — '))) {
      const day = /— (\d{4}-\d{2}-\d{2})T/.exec(line)![1]!;
      expect(day >= weekend.from && day <= weekend.to, line).toBe(true);
      expect(line).toContain('— Recife - PE');
    }
    const jazz = await askAgent('jazz perto de São Paulo');
    expect(jazz).toContain('"jazz perto de São Paulo" (até 50 km de São Paulo)');
    const lines = jazz.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/— São Paulo - SP/);
    expect(lines[0]).toMatch(/jazz/i);
  });

  test('MCP and A2A read a date in the words as the date filter, and say which typos they read', async () => {
    const client = await mcp();
    const january = monthRange(1, new Date(), 'America/Sao_Paulo');
    const r = await client.callTool({ name: 'search_events', arguments: { q: 'eventos em janeiro', per_page: 50 } });
    const found = r.structuredContent as Found;
    expect(found.meta.total).toBeGreaterThan(0);
    for (const e of found.data) expect(e.starts_at!.slice(0, 10) >= january.from && e.starts_at!.slice(0, 10) <= january.to, e.starts_at!).toBe(true);
    const typos = await client.callTool({ name: 'search_events', arguments: { q: 'sambaa recfie', per_page: 5 } });
    expect((typos.content as Array<{ text: string }>)[1]!.text).toBe('Words read with typos corrected, as "samba recife".');
    await client.close();
    const december = monthRange(12, new Date(), 'America/Sao_Paulo');
    const answer = await askAgent('forró em dezembro');
    expect(answer).toContain(`"forró em dezembro" (de ${december.from} a ${december.to})`);
    // Events found (not ways out, which an empty answer lists): each in December.
    for (const line of answer.split('\n').filter((l) => l.startsWith('- ') && l.includes(' — '))) {
      const day = /— (\d{4}-\d{2}-\d{2})T/.exec(line)![1]!;
      expect(day >= december.from && day <= december.to, line).toBe(true);
    }
    expect(await askAgent('sambaa recfie')).toContain('Você quis dizer: "samba recife"?');
  });

  test('MCP: search_events by category, free, a maximum price with fees, all ages and price order; prices in words', async () => {
    const client = await mcp();
    type Found = { data: Array<{ slug: string; is_closed: boolean }>; meta: { total: number } };
    const call = async (args: Record<string, unknown>) => {
      const r = await client.callTool({ name: 'search_events', arguments: { per_page: 50, ...args } });
      const texts = (r.content as Array<{ text: string }>).map((c) => c.text);
      return { found: r.structuredContent as Found, perEvent: texts[texts.length - 1]!, isError: r.isError };
    };
    const lowestOf = (perEvent: string, slug: string) => {
      const line = perEvent.split('\n').find((l) => l.startsWith(`- ${slug}:`))!;
      const m = /from R\$ ([\d.]+,\d{2}) with fees/.exec(line);
      return m ? Number(m[1]!.replace(/\./g, '').replace(',', '.')) : null;
    };
    const theatre = await call({ category: 'teatro' });
    expect(theatre.found.meta.total).toBeGreaterThan(0);
    for (const e of theatre.found.data) expect(theatre.perEvent).toMatch(new RegExp(`- ${e.slug}: .*category teatro`));
    const cheap = await call({ max_price: 60 });
    expect(cheap.found.data.length).toBeGreaterThan(0);
    for (const e of cheap.found.data) expect(lowestOf(cheap.perEvent, e.slug)).toBeLessThanOrEqual(60);
    const free = await call({ free: true });
    for (const e of free.found.data) expect(lowestOf(free.perEvent, e.slug)).toBe(0);
    // "até 60 reais" in the words is the same filter as max_price 60.
    const words = await call({ q: 'até 60 reais' });
    expect(words.found.meta.total).toBe(cheap.found.meta.total);
    const byPrice = await call({ sort: 'price', per_page: 30 });
    const prices = byPrice.found.data.map((e) => lowestOf(byPrice.perEvent, e.slug)).filter((p) => p !== null) as number[];
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const kids = await call({ all_ages: true, category: 'infantil' });
    for (const e of kids.found.data) expect(kids.perEvent).toMatch(new RegExp(`- ${e.slug}: .*age rating livre`));
    expect((await call({ category: 'opera' })).isError).toBe(true);
    const tools = await client.listTools();
    const input = tools.tools.find((t) => t.name === 'search_events')!.inputSchema as { properties: Record<string, { enum?: string[] }> };
    expect(input.properties.category!.enum).toContain('stand-up');
    expect(input.properties.sort!.enum).toContain('price');
    await client.close();
  });

  test('A2A: prices in the request are filters, and every event found says its price with fees', async () => {
    const answer = await askAgent('shows até 80 reais');
    expect(answer).toContain('(até R$ 80,00 com taxas)');
    const lines = answer.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      // "- [name](url) — when — place — price": a space on either side of each dash.
      expect(line, line).toMatch(/^- \[.+\]\(http[^)]+\) — \S.* — \S.* — a partir de /);
      const m = /a partir de R\$ ([\d.]+,\d{2}) com taxas/.exec(line);
      expect(m, line).not.toBeNull();
      expect(Number(m![1]!.replace(/\./g, '').replace(',', '.'))).toBeLessThanOrEqual(80);
    }
  });

  test('A2A: the client reads the agent card and gets a deterministic answer', async () => {
    const first = await askAgent('forró');
    expect(first).toMatch(/eventos para "forró"/);
    expect(await askAgent('forró')).toBe(first);
    const slug = /\/eventos\/([a-z0-9-]+)\)/.exec(first)![1]!;
    const page = await askAgent(`${site}/eventos/${slug}`);
    expect(page).toContain('Preço com taxas');
  });
});
