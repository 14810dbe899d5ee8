import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashedPageCsp } from '../../lib/site/security-headers';
import { request } from '../support/client';
import { startServer, type RunningServer } from '../support/server';

// The brand's organizers (/produtores: a list, a search that works without JavaScript and
// suggestions for the page's script, each organizer's page saying what it is) and "Perto
// de mim" (the listing around a position, nearest first, with the distance on each card;
// the cities without a location; nothing of the position in the request log). One server
// of its own, with enough events for more than one page of organizers.

type Item = { slug: string; name: string; location: { city: string | null; latitude: string | null; longitude: string | null } | null };
type List = { data: Item[]; meta: { total: number; last_page: number } };

const BRAND = 'mare';
const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const text = (html: string) => unescape(html.replace(/<!-- -->/g, ''));
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** The organizer links of a page of /produtores, in order. */
const organizerLinks = (html: string) =>
  [...(/<ul class="organizer-list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '').matchAll(/<a href="\/produtores\/([^"]+)">([^<]*)<\/a>/g)].map((m) => ({ slug: decodeURIComponent(m[1]!), name: unescape(m[2]!) }));
const nextHref = (html: string) => /<a href="(\/produtores\?[^"]*depois=[^"]*)" rel="next">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const prevHref = (html: string) => /<a href="(\/produtores\?[^"]*antes=[^"]*)" rel="prev">/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('organizers and "Perto de mim"', () => {
  let server: RunningServer;
  const get = (path: string, accept = 'text/html') => request(server.port, path, { host: `${BRAND}.localhost:${server.port}`, headers: { accept } });
  const api = async (query: string): Promise<List> => (await get(`/api/public/v1/events?${query}`, 'application/json')).json() as List;
  async function all(query: string): Promise<Item[]> {
    const first = await api(`${query}&per_page=50`);
    const items = [...first.data];
    for (let page = 2; page <= first.meta.last_page; page++) items.push(...(await api(`${query}&per_page=50&page=${page}`)).data);
    return items;
  }
  /** The organizers of the brand's events listed now, by slug, from the API's events. */
  let organizers: Map<string, string>;

  beforeAll(async () => {
    // 1,800 events: 75 organizers a brand, more than a page of 50.
    server = await startServer('organizers', { DEMO_EVENTS: '1800' });
    const slugs = new Set<string>();
    for (const e of await all('sort=date')) slugs.add(e.slug);
    organizers = new Map();
    // Each event's producer from its detail would be 600 requests: the API filters by organizer instead.
    const detail = async (slug: string) => (await get(`/api/public/v1/events/${slug}`, 'application/json')).json() as { producer: { slug: string; name: string } | null };
    for (const slug of slugs) {
      const p = (await detail(slug)).producer;
      if (p) organizers.set(p.slug, p.name);
      if (organizers.size >= 75) break;
    }
  }, 300_000);
  afterAll(async () => server?.stop());

  test('the list: every organizer with events, 50 a page in alphabetical order, forwards and back; a public page like the listing', async () => {
    const first = await get('/produtores');
    expect(first.status).toBe(200);
    expect(first.header('cache-control')).toBe((await get('/')).header('cache-control'));
    expect(first.header('content-security-policy')).toBe(hashedPageCsp(first.text));
    expect(first.text).toContain('<h1>Produtores</h1>');
    expect(first.text).toMatch(/<title>Produtores — Maré Tickets<\/title>/);
    expect(first.text).toContain('<script src="/produtores.js" defer="">');
    // A GET form: it searches without JavaScript.
    expect(first.text).toContain('<form class="organizer-search" role="search" action="/produtores" method="get">');
    const pages = [organizerLinks(first.text)];
    expect(pages[0]).toHaveLength(50);
    expect(prevHref(first.text)).toBeUndefined();
    let html = first.text;
    for (let href = nextHref(html); href; href = nextHref(html)) {
      html = (await get(href)).text;
      pages.push(organizerLinks(html));
    }
    const listed = pages.flat();
    expect(listed.map((o) => o.slug)).toEqual([...listed.map((o) => o.slug)].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(listed.map((o) => o.slug)).size).toBe(listed.length);
    // Every organizer of the API's events is there, with its name.
    for (const [slug, name] of organizers) expect(listed).toContainEqual({ slug, name });
    // A page back from the last is the one before it.
    const back = prevHref(html)!;
    expect(organizerLinks((await get(back)).text)).toEqual(pages.at(-2));
    // Words for people, a heading, no developer terms; junk in the address is no error.
    expect((await get('/produtores?depois=%00%ff&antes=x')).status).toBe(200);
  });

  test('the search: any part of a name, without accents or case; nothing found says so and leads back', async () => {
    const [slug, name] = [...organizers][0]!;
    const part = name.split(' ')[0]!.slice(0, 5).toUpperCase();
    const res = await get(`/produtores?q=${encodeURIComponent(part)}`);
    expect(res.status).toBe(200);
    const found = organizerLinks(res.text);
    expect(found).toContainEqual({ slug, name });
    for (const o of found) expect(fold(o.name)).toContain(fold(part));
    expect(text(res.text)).toContain(`Produtores com “${part}” no nome`);
    expect(res.text).toContain(`value="${part}"`);
    const none = await get('/produtores?q=zzqxwv');
    expect(none.status).toBe(200);
    expect(text(none.text)).toContain('Nenhum produtor com “zzqxwv” no nome tem eventos previstos.');
    expect(none.text).toContain('<a class="button secondary" href="/produtores">Ver todos os produtores</a>');
    // Markup in the words is text.
    const hostile = await get(`/produtores?q=${encodeURIComponent('<b>"x')}`);
    expect(hostile.text).not.toContain('<b>"x');
  });

  test('suggestions as one types: JSON of names and paths, at most 8, nothing under two characters', async () => {
    const [slug, name] = [...organizers][1]!;
    const res = await get(`/produtores.json?q=${encodeURIComponent(name.slice(0, 6))}`, 'application/json');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/json; charset=utf-8');
    expect(res.header('cache-control')).toMatch(/^public, /);
    const body = res.json() as { organizers: Array<{ name: string; path: string }> };
    expect(body.organizers.length).toBeGreaterThan(0);
    expect(body.organizers.length).toBeLessThanOrEqual(8);
    expect(body.organizers).toContainEqual({ name, path: `/produtores/${slug}` });
    for (const o of body.organizers) expect(fold(o.name)).toContain(fold(name.slice(0, 6)));
    expect((await get('/produtores.json?q=a', 'application/json')).json()).toEqual({ organizers: [] });
    expect((await get('/produtores.json', 'application/json')).json()).toEqual({ organizers: [] });
    expect((await get(`/produtores.json?q=%00${encodeURIComponent(name.slice(0, 6))}`, 'application/json')).json()).toEqual(body);
    const script = await get('/produtores.js', '*/*');
    expect(script.status).toBe(200);
    expect(script.header('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain("fetch('/produtores.json?q='");
  });

  test("an organizer's page says what it is above its events: where, how many events ahead, its categories", async () => {
    const [slug, name] = [...organizers][2]!;
    const events = await all(`organization=${slug}`);
    const res = await get(`/produtores/${slug}`);
    expect(res.status).toBe(200);
    const page = text(res.text);
    expect(page).toContain(`<h1>Eventos de ${name}</h1>`);
    const facts = /<dl class="organizer-facts">([\s\S]*?)<\/dl>/.exec(page)?.[1];
    expect(facts).toBeDefined();
    // The facts come before the first card.
    expect(page.indexOf('organizer-facts')).toBeLessThan(page.indexOf('<li class="card">'));
    expect(facts).toContain(`<dt>Próximos eventos</dt><dd>${events.length === 1 ? '1 evento' : `${events.length} eventos`}</dd>`);
    // Its city: the one most of its events are in.
    const counts = new Map<string, number>();
    for (const e of events) if (e.location?.city) counts.set(e.location.city, (counts.get(e.location.city) ?? 0) + 1);
    const most = Math.max(...counts.values());
    const where = /<dt>Onde<\/dt><dd>([^<]*)<\/dd>/.exec(facts!)?.[1] ?? '';
    expect([...counts].filter(([, n]) => n === most).some(([city]) => where.startsWith(city))).toBe(true);
    // Its categories link to their pages.
    expect(facts).toMatch(/<dt>Categorias?<\/dt><dd><ul class="organizer-categories"><li><a href="\/categoria\/[a-z-]+">/);
    expect(page).toContain('<a href="/produtores">Outros produtores</a>');
    // Its Markdown says the same.
    const md = await get(`/produtores/${slug}`, 'text/markdown');
    expect(md.status).toBe(200);
    expect(md.text).toContain('Próximos eventos');
    expect(md.text).toContain(events.length === 1 ? '1 evento' : `${events.length} eventos`);
  });

  test('the listing, the footer, the sitemap and Markdown lead to the organizers', async () => {
    const home = await get('/');
    const explore = /<nav class="explore-links" aria-label="Explorar">([\s\S]*?)<\/nav>/.exec(home.text)?.[1] ?? '';
    expect(explore).toContain('<a href="/produtores">Produtores</a>');
    expect(explore).toContain('<a href="/perto-de-mim" data-near-me="">Perto de mim</a>');
    expect(/<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(home.text)?.[1]).toContain('<a href="/produtores">Produtores</a>');
    // A catalog of this size may make the sitemap an index: the listing's pages are in its first file.
    const index = await get('/sitemap.xml', 'application/xml');
    const sitemap = index.text.includes('<sitemapindex') ? await get('/sitemaps/1.xml', 'application/xml') : index;
    expect(sitemap.text).toContain(`<loc>http://${BRAND}.localhost:${server.port}/produtores</loc>`);
    const md = await get('/produtores', 'text/markdown');
    expect(md.status).toBe(200);
    expect(md.header('content-type')).toMatch(/^text\/markdown/);
    expect(md.text).toMatch(/^# Produtores$/m);
    for (const { slug, name } of organizerLinks((await get('/produtores')).text)) expect(md.text).toContain(`[${name}](http://${BRAND}.localhost:${server.port}/produtores/${slug})`);
  });

  test('near a position: events within the radius, nearest first, each card saying how far; a chip that removes it', async () => {
    const near = '-23.55,-46.63';
    const path = `/?near=${near}&radius_km=100&sort=distance`;
    const res = await get(path);
    expect(res.status).toBe(200);
    const page = text(res.text);
    const fromApi = (await api(`near=${near}&radius_km=100&sort=distance`)).data;
    expect(fromApi.length).toBeGreaterThan(1);
    const cards = [...page.matchAll(/<h2><a href="\/eventos\/([^"]+)">/g)].map((m) => m[1]);
    expect(cards).toEqual(fromApi.map((e) => e.slug));
    const distances = [...page.matchAll(/<span class="distance"> · a (menos de 1|[\d.]+) km<\/span>/g)].map((m) => (m[1] === 'menos de 1' ? 0 : Number(m[1]!.replace(/\./g, ''))));
    expect(distances).toHaveLength(cards.length);
    for (let i = 1; i < distances.length; i++) expect(distances[i]!).toBeGreaterThanOrEqual(distances[i - 1]!);
    expect(distances.at(-1)!).toBeLessThanOrEqual(100);
    expect(page).toContain('aria-label="Remover filtro: Perto de você (100 km)"');
    // The form keeps the position while other filters change.
    expect(page).toContain(`<input type="hidden" name="near" value="${near}"/>`);
    // Without a position, no distance on cards.
    expect((await get('/')).text).not.toContain('class="distance"');
  });

  test('without a location: a page of the cities, each its listing nearest first around its centre', async () => {
    const res = await get('/perto-de-mim');
    expect(res.status).toBe(200);
    expect(res.header('content-security-policy')).toBe(hashedPageCsp(res.text));
    const page = text(res.text);
    expect(page).toContain('<h1>Eventos perto de você</h1>');
    expect(page).toContain('<script src="/perto-de-mim.js" defer="">');
    const links = [...page.matchAll(/<li><a href="(\/\?perto=[^"]+&sort=distance)">([^<]+)<\/a>/g)];
    expect(links.length).toBeGreaterThan(3);
    const city = await get(links[0]![1]!);
    expect(city.status).toBe(200);
    expect(text(city.text)).toContain(`Remover filtro: Perto de ${new URLSearchParams(links[0]![1]!.slice(2)).get('perto')}`);
    expect(city.text).toContain('class="distance"');
    const script = await get('/perto-de-mim.js', '*/*');
    expect(script.text).toContain('navigator.geolocation.getCurrentPosition');
    expect(script.text).toContain('toFixed(2)');
  });

  test('the request log records no position: paths without their query strings', async () => {
    const marker = '-7.123456,-35.654321';
    expect((await get(`/?near=${marker}&radius_km=25&sort=distance`)).status).toBe(200);
    expect((await get(`/api/public/v1/events?near=${marker}`, 'application/json')).status).toBe(200);
    expect((await get(`/calendario.ics?near=${marker}`, 'text/calendar')).status).toBe(200);
    const deadline = Date.now() + 15_000;
    const lines = () => server.output().split('\n').filter((l) => l.startsWith('{'));
    while (!lines().some((l) => l.includes('"path":"/calendario.ics"')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(lines().some((l) => l.includes('"path":"/calendario.ics"'))).toBe(true);
    const output = server.output();
    for (const part of ['7.123456', '35.654321', '-7.12', 'near=']) expect(output).not.toContain(part);
  });
});
