import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startServerWithDefaultBrand, type RunningServer } from '../support/server';

// A server of its own: a small render budget, and a brand that sets a purchase flow.
const BUDGET = 6;

describe('render budget and purchase flow', () => {
  let server: RunningServer;
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(server.port, path, { host: `aurora.localhost:${server.port}`, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    server = await startServerWithDefaultBrand('render-budget', (brand) => ({ ...brand, purchase_url: 'https://loja.example/comprar/{slug}?canal=site' }), {
      RATE_LIMIT_RENDER: String(BUDGET),
      DEMO_EVENTS: '60',
      TRUSTED_PROXIES: '127.0.0.1',
      // A long snapshot window: a page held a moment ago is still held when the spent client asks for it.
      CATALOG_CACHE_TTL_MS: '3600000',
    });
  });
  afterAll(() => server?.stop());

  test("the buy button goes to the brand purchase flow with the slug, for an event without an address of its own; an event's own comes first", async () => {
    const list = await get('/', { 'x-forwarded-for': '203.0.113.1' });
    const slugs = [...list.text.matchAll(/href="\/eventos\/([^"]+)"(?:(?!<li class="card">)[\s\S])*?<p class="price">a partir de/g)].map((m) => m[1]!);
    const pages = await Promise.all(slugs.map(async (slug, i) => ({ slug, text: (await get(`/eventos/${slug}`, { 'x-forwarded-for': `198.51.100.${1 + i}` })).text })));
    const template = pages.find((p) => p.text.includes(`href="https://loja.example/comprar/${p.slug}?canal=site"`));
    const own = pages.find((p) => p.text.includes(`href="http://aurora.localhost:${server.port}/comprar/${p.slug}">Comprar ingressos</a>`));
    expect(template).toBeDefined();
    expect(own).toBeDefined();
    expect(own!.text).not.toContain('loja.example');
    const page = template!;
    expect(page.text).toContain(`<a class="button" href="https://loja.example/comprar/${page.slug}?canal=site">Comprar ingressos</a>`);
    expect(page.text).not.toContain('Como comprar');
    // One button, in the box with the price that stays in view on a phone, above the facts and the table.
    expect(page.text.split('Comprar ingressos</a>')).toHaveLength(2);
    const box = page.text.indexOf('<div class="event-buy event-buy-sticky"><p class="lowest">A partir de R$');
    expect(box).toBeGreaterThan(0);
    expect(box).toBeLessThan(page.text.indexOf('Comprar ingressos</a>'));
    expect(page.text.indexOf('Comprar ingressos</a>')).toBeLessThan(page.text.indexOf('<ul class="facts">'));
  });

  test('unique URLs from one client: renders up to the budget, then 429; pages already held and other clients still served', async () => {
    const flood = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 3; i++) statuses.push((await get(`/?q=${i}-${Math.random()}`, flood)).status);
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429]);
    const refused = await get(`/?q=${Math.random()}`, flood);
    expect(refused.header('retry-after')).toMatch(/^\d+$/);
    expect(refused.header('ratelimit-policy')).toMatch(/^"render";q=6;w=60$/);
    // A browser gets a page that says so; any other client the problem.
    expect(refused.header('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.header('cache-control')).toBe('no-store');
    expect(refused.text).toContain('Muitas páginas em pouco tempo');
    const machine = await get(`/?q=${Math.random()}`, { ...flood, accept: '*/*' });
    expect(machine.status).toBe(429);
    expect(machine.header('content-type')).toBe('application/problem+json');
    expect((machine.json() as { code: string }).code).toBe('rate_limited');
    // A page held costs no render: another client's visit holds the listing, and the spent client is served it.
    expect((await get('/', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect((await get('/', flood)).status).toBe(200);
    expect((await get(`/?q=${Math.random()}`, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
    // Client-router requests render too, and spend the same budget.
    expect((await get('/?_rsc=abc', { ...flood, rsc: '1' })).status).toBe(429);
  });

  test('a session cookie, even junk, is no way around the budget: each personal render spends it', async () => {
    const junk = { 'x-forwarded-for': '203.0.113.21', cookie: 'sessao=x' };
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) statuses.push((await get(`/?rb=${i}`, junk)).status);
    expect(statuses).toEqual([...Array(BUDGET).fill(200), 429, 429]);
    // Event pages too (each also asks whether the event exists), and the personal pages.
    const events = { 'x-forwarded-for': '203.0.113.22', cookie: 'sessao=cu_' + 'x'.repeat(43) };
    for (let i = 0; i < BUDGET; i++) expect((await get(`/eventos/nada-${i}`, events)).status).toBe(404);
    expect((await get('/eventos/nada-de-novo', events)).status).toBe(429);
    expect((await get('/entrar', events)).status).toBe(429);
  });

  test('calendar feeds spend the render budget: built for each request, unique URLs are bounded', async () => {
    const feeds = { 'x-forwarded-for': '203.0.113.23', accept: 'text/calendar' };
    const answers = [];
    for (let i = 0; i < BUDGET + 1; i++) answers.push(await get(`/calendario.ics?q=forro+${i}&date_from=2026-01-01`, feeds));
    expect(answers.slice(0, BUDGET).map((a) => a.status)).toEqual(Array(BUDGET).fill(200));
    expect(answers[0]!.header('ratelimit-policy')).toBe(`"render";q=${BUDGET};w=60`);
    const over = answers[BUDGET]!;
    expect(over.status).toBe(429);
    expect(over.header('content-type')).toBe('application/problem+json');
    expect((over.json() as { code: string }).code).toBe('rate_limited');
    expect(Number(over.header('retry-after'))).toBeGreaterThan(0);
    // The landing feeds and an event's own calendar file draw on the same budget.
    expect((await get('/categoria/teatro/calendario.ics', feeds)).status).toBe(429);
    expect((await get('/eventos/nada/agenda.ics', feeds)).status).toBe(429);
    // So does an event's preview picture, drawn for each request.
    expect((await get('/eventos/nada/previa.png', { ...feeds, accept: 'image/*' })).status).toBe(429);
  });
});
