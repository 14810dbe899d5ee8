import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';
import type { EventRecordInput } from '../../lib/catalog/record';
import { request } from '../support/client';
import { api, type Detail } from '../api/helpers';
import { targets } from '../api/targets';

// An event's state as a person and an agent read it: ended, sold out, sales paused, sales
// not started, cancelled, postponed and rescheduled each say so in words of their own on
// the event page (first, beside similar events when the person cannot go), on its card,
// in its Markdown, through MCP and A2A, and in JSON-LD (eventStatus, offers' availability).
// Slugs and states of the demo do not depend on the day it is built around, so the
// records name the events to look at; their dates do (the server may have built its demo
// the day before, if the run crosses midnight UTC), so each pick keeps a day's margin.

const demo = [...generateDemo({ brands: demoRegistry(3000).brands, events: 720 })];
const DAY = 86_400_000;
const upcoming = (r: EventRecordInput) => Date.parse(r.starts_at!) > Date.now() + 2 * DAY;
const scheduled = (r: EventRecordInput) => (r.event_status ?? 'scheduled') === 'scheduled';
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);

type Expected = { key: string; pick: (r: EventRecordInput) => boolean; sentence: string; card: RegExp | null; eventStatus: string; availability: string };
const STATES: Expected[] = [
  {
    key: 'ended',
    pick: (r) => r.status === 'Encerrado',
    sentence: 'Este evento já aconteceu: as vendas terminaram.',
    card: null, // ended events leave the listings
    eventStatus: 'EventScheduled',
    availability: 'Discontinued',
  },
  { key: 'sold_out', pick: (r) => r.status === 'Esgotado' && scheduled(r) && upcoming(r), sentence: 'Ingressos esgotados: todos os ingressos foram vendidos.', card: /^Esgotado$/, eventStatus: 'EventScheduled', availability: 'SoldOut' },
  {
    key: 'paused',
    pick: (r) => r.status === 'Vendas pausadas' && scheduled(r) && upcoming(r),
    sentence: 'Vendas pausadas: no momento nenhum ingresso está à venda, mas as vendas podem voltar.',
    card: /^Vendas pausadas$/,
    eventStatus: 'EventScheduled',
    availability: 'OutOfStock',
  },
  {
    key: 'not_started',
    pick: (r) => r.sales_start_at != null && Date.parse(r.sales_start_at) > Date.now() + 2 * DAY,
    sentence: 'As vendas ainda não começaram: abrem em ',
    card: /^Vendas a partir de \d{1,2} de [a-zç]+\.?$/,
    eventStatus: 'EventScheduled',
    availability: 'PreOrder',
  },
  { key: 'cancelled', pick: (r) => r.event_status === 'cancelled' && upcoming(r), sentence: 'Evento cancelado: não vai acontecer e nenhum ingresso está à venda.', card: /^Cancelado$/, eventStatus: 'EventCancelled', availability: 'Discontinued' },
  { key: 'postponed', pick: (r) => r.event_status === 'postponed' && upcoming(r), sentence: 'Evento adiado: a nova data ainda será anunciada', card: /^Adiado$/, eventStatus: 'EventPostponed', availability: 'OutOfStock' },
  {
    key: 'rescheduled',
    pick: (r) => r.event_status === 'rescheduled' && !r.is_closed && upcoming(r),
    sentence: 'Evento remarcado: estava marcado para ',
    card: /^Remarcado$/,
    eventStatus: 'EventRescheduled',
    availability: 'InStock',
  },
];

/** Whether the demo has an event like `r` that similar events would offer: same brand, category and state, still to come, not cancelled. */
const hasSimilar = (r: EventRecordInput) =>
  demo.some((x) => x !== r && x.brand === r.brand && x.category === r.category && x.venue && x.venue.state_abbr === r.venue?.state_abbr && upcoming(x) && x.event_status !== 'cancelled');

describe.each(targets)('event state on $name', (target) => {
  const host = (r: EventRecordInput) => `${r.brand}.localhost:${target.port}`;
  const get = (r: EventRecordInput, path: string, accept = 'text/html') => request(target.port, path, { host: host(r), headers: { accept } });
  const post = (r: EventRecordInput, path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(target.port, path, { method: 'POST', host: host(r), body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

  test.each(STATES)('$key: its words on the page, its card, its Markdown, MCP, A2A, and its JSON-LD terms', async (s) => {
    const r = demo.find((x) => s.pick(x) && x.venue !== null && hasSimilar(x)) ?? demo.find(s.pick);
    expect(r, s.key).toBeDefined();
    const html = await get(r!, `/eventos/${r!.slug}`);
    expect(html.status).toBe(200);
    const box = new RegExp(`<div class="event-state event-state-${s.key}" role="status"><p><strong>([^<]*)</strong>`).exec(html.text);
    expect(box?.[1], r!.slug).toContain(s.sentence);
    expect(html.text).not.toContain('Vendas encerradas para este evento');
    if (s.key !== 'rescheduled') expect(html.text).not.toMatch(/A partir de R\$|Comprar ingressos/);
    const ld = jsonLd(html.text);
    expect(ld.eventStatus).toBe(`https://schema.org/${s.eventStatus}`);
    expect(ld.offers.availability).toBe(`https://schema.org/${s.availability}`);
    if (s.key === 'not_started') expect(Date.parse(ld.offers.validFrom)).toBeGreaterThan(Date.now());

    // Where the person cannot go, similar events right beside the state.
    const similar = /<ul class="state-similar">([\s\S]*?)<\/ul>/.exec(html.text);
    if (['ended', 'cancelled', 'sold_out'].includes(s.key) && hasSimilar(r!)) {
      expect(similar, r!.slug).not.toBeNull();
      const links = [...similar![1]!.matchAll(/href="\/eventos\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThan(0);
      expect(links).not.toContain(r!.slug);
      for (const slug of links) expect(demo.find((x) => x.brand === r!.brand && x.slug === slug)?.category, slug).toBe(r!.category);
      expect(html.text).toContain('<h2 id="parecidos-titulo">Eventos parecidos</h2>');
    } else if (!['ended', 'cancelled', 'sold_out'].includes(s.key)) {
      expect(similar, r!.slug).toBeNull();
    }

    const md = await get(r!, `/eventos/${r!.slug}`, 'text/markdown');
    expect(md.text).toContain(`**${s.sentence}`);

    const mcp = await post(r!, '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_event_page', arguments: { slug: r!.slug } } }, { accept: 'application/json, text/event-stream' });
    expect((mcp.json() as { result: { content: Array<{ text: string }> } }).result.content[0]!.text).toContain(s.sentence);

    const a2a = await post(r!, '/a2a', { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: `m-${r!.slug}`, role: 'ROLE_USER', parts: [{ text: `http://${host(r!)}/eventos/${r!.slug}` }] } } }, { 'a2a-version': '1.0' });
    expect((a2a.json() as { result: { message: { parts: Array<{ text: string }> } } }).result.message.parts.map((p) => p.text).join('')).toContain(s.sentence);

    if (s.card) {
      // Its card, found by its producer and name, says the state in a few words.
      const list = await get(r!, `/?organization=${r!.producer!.slug}&q=${encodeURIComponent(r!.name)}`);
      const card = new RegExp(`href="/eventos/${r!.slug}"(?:(?!<li class="card">)[\\s\\S])*?<span class="badge event-state-${s.key}">([^<]+)</span>`).exec(list.text);
      expect(card?.[1], r!.slug).toMatch(s.card);
    }
  });

  test('a rescheduled event: previousStartDate in JSON-LD, the new start from the API', async () => {
    const r = demo.find(STATES.find((s) => s.key === 'rescheduled')!.pick)!;
    const ld = jsonLd((await get(r, `/eventos/${r.slug}`)).text);
    const served = (await api(target, `/events/${r.slug}`, { brand: r.brand })).json() as Detail;
    const gap = Date.parse(r.starts_at!) - Date.parse(r.previous_starts_at!);
    expect(gap).toBeGreaterThan(0);
    expect(Date.parse(ld.startDate)).toBe(Date.parse(served.starts_at!));
    expect(Date.parse(ld.previousStartDate)).toBe(Date.parse(served.starts_at!) - gap);
  });

  test('MCP search_events names each event’s state in its words and code', async () => {
    const r = demo.find(STATES.find((s) => s.key === 'paused')!.pick)!;
    const mcp = await post(r, '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_events', arguments: { q: r.name, per_page: 50 } } }, { accept: 'application/json, text/event-stream' });
    const notes = (mcp.json() as { result: { content: Array<{ text: string }> } }).result.content.map((c) => c.text).join('\n');
    expect(notes).toMatch(new RegExp(`- ${r.slug}: paused: Vendas pausadas;`));
  });

  test('category and age rating on the page, the category a link to its events', async () => {
    const r = demo.find((x) => x.category === 'teatro' && x.age_rating && x.age_rating !== 'livre' && upcoming(x))!;
    const html = await get(r, `/eventos/${r.slug}`);
    expect(html.text).toContain('<a href="/categoria/teatro">Teatro e espetáculos</a>');
    expect(html.text).toContain(`${r.age_rating} anos`);
    const md = await get(r, `/eventos/${r.slug}`, 'text/markdown');
    expect(md.text).toContain('Teatro e espetáculos');
    expect(md.text).toContain(`${r.age_rating} anos`);
  });

  test('an event on sale says nothing of its state and stays EventScheduled, InStock', async () => {
    const r = demo.find((x) => scheduled(x) && x.status === 'Ativo' && upcoming(x))!;
    const html = await get(r, `/eventos/${r.slug}`);
    // No state box (cards of similar events below may carry their own state).
    expect(html.text).not.toContain('<div class="event-state');
    const ld = jsonLd(html.text);
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(ld.offers.availability).toBe('https://schema.org/InStock');
    expect(ld).not.toHaveProperty('previousStartDate');
  });
});
