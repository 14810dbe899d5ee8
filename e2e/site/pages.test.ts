import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { targets } from '../api/targets';

const target = targets[0]!;
const BRANDS = [
  ['aurora', 'Aurora Ingressos'],
  ['mare', 'Maré Tickets'],
  ['sertao', 'Sertão Eventos'],
] as const;

const page = (brand: string, path: string, accept = 'text/html') => request(target.port, path, { host: `${brand}.localhost:${target.port}`, headers: { accept } });
const varies = (h: string | undefined) => (h ?? '').split(',').map((v) => v.trim().toLowerCase());
/** The hash sources of every script the browser runs inline (no src, not a data block). */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script((?:(?!src=)[^>])*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/ld\+json"/.test(m[1]!))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
/** Every inline script is allowed by its hash; no nonce and no 'unsafe-inline' for scripts. */
function expectHashedCsp(csp: string, html: string) {
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '))!;
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
  for (const hash of inlineHashes(html)) expect(scriptSrc).toContain(hash);
  expect(html).not.toContain('nonce=');
}
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);

describe.each(BRANDS)('website of %s', (brand, name) => {
  const site = `http://${brand}.localhost:${target.port}`;

  test('listing: themed HTML with title, canonical, OpenGraph, security headers, Vary and the Markdown alternate', async () => {
    const res = await page(brand, '/');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`<title>Eventos · ${name}</title>`);
    expect(res.text).toContain(`<link rel="canonical" href="${site}"/>`);
    expect(res.text).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(res.text).toContain('lang="pt-BR"');
    expect(varies(res.header('vary'))).toContain('accept');
    expect(res.header('link')).toContain(`<${site}/>; rel="alternate"; type="text/markdown"`);
    const csp = res.header('content-security-policy')!;
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.header('x-content-type-options')).toBe('nosniff');
    expect(res.header('referrer-policy')).toBeTruthy();
    // Every inline script is allowed by its hash.
    expectHashedCsp(csp, res.text);
    // A public page is plain HTML: no client runtime, its stylesheet inside.
    expect(res.text).not.toMatch(/<script[^>]*src="\/_next\/|__next_f|rel="stylesheet"/);
    expect(res.text).toMatch(/<style[^>]*>[\s\S]*\.card/);
  });

  test('search with and without accents, filters, pagination, empty result', async () => {
    const a = await page(brand, '/?q=forro');
    const b = await page(brand, `/?q=${encodeURIComponent('Forró')}`);
    const links = (html: string) => [...html.matchAll(/href="(\/eventos\/[^"]+)"/g)].map((m) => m[1]);
    expect(links(a.text).length).toBeGreaterThan(0);
    expect(links(b.text)).toEqual(links(a.text));
    expect(a.text).toContain('value="forro"');
    const cards = (html: string) => html.slice(html.indexOf('<ul class="cards">'));
    const pe = cards((await page(brand, '/?state=PE')).text);
    expect(pe).toMatch(/- PE</);
    expect(pe).not.toMatch(/- SP</);
    const first = await page(brand, '/');
    expect(first.text).toMatch(/href="\/\?page=2" rel="next"/);
    const second = await page(brand, '/?page=2');
    expect(second.text).toMatch(/rel="prev"/);
    expect(links(second.text)).not.toEqual(links(first.text));
    const none = await page(brand, '/?q=zzzzqqq');
    expect(none.text).toContain('<h1>Nenhum evento encontrado</h1>');
    expect(none.text).toContain('Nenhum evento tem as palavras “zzzzqqq”.');
    // What would find something, with how many events: kinds of event and cities, since no event has the words.
    expect(none.text.replaceAll('<!-- -->', '')).toMatch(/<a href="\/categoria\/[a-z-]+">[^<]+<\/a> \([\d.]+\+? eventos\)/);
    expect(none.text.replaceAll('<!-- -->', '')).toMatch(/<a href="\/eventos-em\/[a-z-]+">Eventos em [^<]+<\/a> \([\d.]+\+? eventos\)/);
    expect(none.text.match(/Limpar filtros/g)).toHaveLength(1);
  });

  test('a search whose words no event has together says so, above the events that have some', async () => {
    const res = await page(brand, '/?q=Zzqqx+forr%C3%B3');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Nenhum evento tem “zzqqx” e “forró” juntos: abaixo, os que têm parte dessas palavras.');
    const cards = res.text.slice(res.text.indexOf('<ul class="cards">'));
    expect(cards).toMatch(/Forró/);
    expect(res.text.replaceAll('<!-- -->', '')).toMatch(/\d+ eventos? · página 1 de \d+/);
    const md = await page(brand, '/?q=Zzqqx+forr%C3%B3', 'text/markdown');
    expect(md.text).toContain('Nenhum evento tem “zzqqx” e “forró” juntos');
    // Words some event has together: nothing to say.
    expect((await page(brand, '/?q=recife')).text).not.toContain('Nenhum evento tem');
  });

  test('event page: tickets with price with fees, lowest price called out, JSON-LD Event', async () => {
    const list = await page(brand, '/');
    // An event on sale: its card shows a price.
    const path = /href="(\/eventos\/[^"]+)"(?:(?!<li class="card">)[\s\S])*?<p class="price">a partir de/.exec(list.text)![1]!;
    const res = await page(brand, path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Preço com taxas');
    expect(res.text).toMatch(/A partir de R\$\s[\d.,]+ com taxas/);
    expect(res.text).toContain('um retrato do momento, não uma reserva');
    expect(res.text).toContain(`<link rel="canonical" href="${site}${path}"/>`);
    const ld = jsonLd(res.text);
    expect(ld['@type']).toBe('Event');
    expect(ld.startDate).toMatch(/T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(['https://schema.org/OfflineEventAttendanceMode', 'https://schema.org/OnlineEventAttendanceMode']).toContain(ld.eventAttendanceMode);
    // On sale: it happens, on its first date or a new one (e2e/site/event-state.test.ts).
    expect(['https://schema.org/EventScheduled', 'https://schema.org/EventRescheduled', 'https://schema.org/EventPostponed']).toContain(ld.eventStatus);
    expect(['Place', 'VirtualLocation']).toContain(ld.location['@type']);
    if (ld.location['@type'] === 'Place') expect(ld.location.address['@type']).toBe('PostalAddress');
    expect(ld.organizer.name).toBeTruthy();
    expect(ld.image.length).toBeGreaterThan(0);
    // Every lot of the table is an offer; the range covers them all; the "A partir de"
    // price (the lowest on sale) is one of them, in stock. Their url is where "Comprar
    // ingressos" leads, else the page itself.
    const buy = /<a class="button" href="([^"]+)">Comprar ingressos<\/a>/.exec(res.text)?.[1]?.replaceAll('&amp;', '&');
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'BRL', url: buy ?? `${site}${path}`, availability: 'https://schema.org/InStock' });
    for (const offer of ld.offers.offers) expect(offer.url).toBe(ld.offers.url);
    const rows = (res.text.match(/<li class="ticket-card">/g) ?? []).length;
    expect(ld.offers.offerCount).toBe(rows);
    expect(ld.offers.offers).toHaveLength(rows);
    const lowest = Number(/A partir de R\$\s([\d.]*\d+,\d{2})/.exec(res.text)![1]!.replace(/\./g, '').replace(',', '.')).toFixed(2);
    expect(ld.offers.offers).toContainEqual(expect.objectContaining({ price: lowest, availability: 'https://schema.org/InStock' }));
    const prices = (ld.offers.offers as Array<{ price: string }>).map((o) => Number(o.price));
    expect(Number(ld.offers.lowPrice)).toBe(Math.min(...prices));
    expect(Number(ld.offers.highPrice)).toBe(Math.max(...prices));
  });

  test('home page JSON-LD: Organization, WebSite with its search, and the events shown', async () => {
    const res = await page(brand, '/?q=forro');
    const graph = jsonLd(res.text)['@graph'] as Array<Record<string, any>>;
    expect(graph.find((n) => n['@type'] === 'Organization')).toMatchObject({ name, url: `${site}/` });
    const website = graph.find((n) => n['@type'] === 'WebSite')!;
    expect(website.potentialAction.target.urlTemplate).toBe(`${site}/?q={search_term_string}`);
    const list = graph.find((n) => n['@type'] === 'ItemList')!;
    const shown = [...res.text.matchAll(/<li class="card">[\s\S]*?href="(\/eventos\/[^"]+)"/g)].map((m) => `${site}${m[1]}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(list.itemListElement.map((i: { url: string }) => i.url)).toEqual(shown);
    // The search the action names answers.
    expect((await page(brand, website.potentialAction.target.urlTemplate.replace(site, '').replace('{search_term_string}', 'forro'))).status).toBe(200);
  });

  test('404 pages are brand-aware, in HTML and in Markdown', async () => {
    const html = await page(brand, '/eventos/no-such-event');
    expect(html.status).toBe(404);
    expect(html.text).toContain(name);
    const md = await page(brand, '/eventos/no-such-event', 'text/markdown');
    expect(md.status).toBe(404);
    expect(md.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.text).toContain('# Página não encontrada');
  });

  test('Markdown of the event page: front matter, ticket cards, absolute links, token count, Vary', async () => {
    const list = await page(brand, '/');
    const path = /href="(\/eventos\/[^"]+)"/.exec(list.text)![1]!;
    const res = await page(brand, path, 'text/markdown');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(varies(res.header('vary'))).toContain('accept');
    expect(res.text).toMatch(new RegExp(`^---\\ntitle: ".+"\\ndescription: ".*"\\nurl: "${site}${path}"\\n---\\n`));
    // A card per sector and lot: its heading, the price with fees, what it is made of, its situation.
    expect(res.text).toMatch(/\n- ### .+ · .+\n\n {2}(R\$ [\d.]+,\d{2} com taxas|Grátis)\n\n( {2}Ingresso R\$ [\d.]+,\d{2} \+ taxa R\$ [\d.]+,\d{2}\n\n)? {2}Situação: (À venda|Esgotado)\n/);
    expect(res.text).not.toMatch(/\]\(\/(?!\/)/); // no relative link
    expect(res.text).not.toContain('<!--');
    expect(res.header('content-signal')).toBe('search=yes, ai-input=yes, ai-train=no');
    const tokens = Number(res.header('x-markdown-tokens'));
    const exact = countTokens(res.text);
    expect(Math.abs(tokens - exact) / exact).toBeLessThanOrEqual(0.1);
  });
});

describe('Markdown negotiation', () => {
  const get = (accept: string, path = '/') => page('aurora', path, accept);
  test.each([
    ['text/markdown', 'md'],
    ['text/markdown, text/html;q=0.9', 'md'],
    ['text/html;q=0.1, text/markdown', 'md'],
    ['text/html, text/markdown;q=0.9', 'html'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/html, text/markdown', 'html'],
    ['text/*', 'html'],
    ['*/*', 'html'],
    ['text/markdown;q=0', 'html'],
    ['application/json', 'html'],
  ])('Accept: %s → %s', async (accept, kind) => {
    const res = await get(accept);
    expect(res.header('content-type')).toBe(kind === 'md' ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8');
    expect(varies(res.header('vary'))).toContain('accept');
  });

  test('no internal Markdown route: /md is an address like any other', async () => {
    const res = await request(target.port, '/md/eventos/x', { host: `aurora.localhost:${target.port}` });
    expect(res.status).toBe(404);
    const forged = await request(target.port, '/md', { host: `aurora.localhost:${target.port}`, headers: { 'x-catalog-internal': 'guess' } });
    expect(forged.status).toBe(404);
  });

  test('Markdown of the listing keeps the search', async () => {
    const res = await get('text/markdown', '/?q=forro');
    expect(res.text).toMatch(/Forró/);
    expect(res.text).toContain(`url: "http://aurora.localhost:${target.port}/?q=forro"`);
  });
});

// Pages and their Markdown are rendered once per snapshot window: the same bytes and the
// same hash-based CSP for every visitor, and for any shared cache in front.
describe('rendered pages within the snapshot window', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(target.port, path, { host: `aurora.localhost:${target.port}`, headers: { accept: 'text/html', ...headers } });

  test('the same HTML and CSP for every visitor, public for shared caches for the window', async () => {
    const list = await get('/');
    const path = /href="(\/eventos\/[^"]+)"/.exec(list.text)![1]!;
    const [a, b] = [await get(path), await get(path)];
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expectHashedCsp(res.header('content-security-policy')!, res.text);
      expect(res.header('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
      expect(varies(res.header('vary'))).toContain('accept');
    }
    expect(a.text).toBe(b.text);
    expect(a.header('content-security-policy')).toBe(b.header('content-security-policy'));
  });

  test('a missing event answers one CSP that its scripts satisfy, and its own Markdown alternate', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/eventos/no-such-event-here');
      expect(res.status).toBe(404);
      const csp = res.header('content-security-policy')!;
      expect(csp.match(/script-src/g)).toHaveLength(1);
      expectHashedCsp(csp, res.text);
      expect(res.header('cache-control')).toMatch(/^public, /);
      expect(res.header('link')).toBe(`<http://aurora.localhost:${target.port}/eventos/no-such-event-here>; rel="alternate"; type="text/markdown"`);
    }
  });

  test('HEAD of a page: the headers of GET, no body', async () => {
    const head = await request(target.port, '/', { method: 'HEAD', host: `aurora.localhost:${target.port}` });
    expect(head.status).toBe(200);
    expect(head.header('content-type')).toBe('text/html; charset=utf-8');
    expect(head.text).toBe('');
  });

  test('requests of the client router get the RSC payload, never cached HTML', async () => {
    await get('/');
    // Next answers a stale _rsc hash with a redirect to the right one.
    let rsc = await get('/?_rsc=x1', { rsc: '1' });
    if (rsc.status === 307) rsc = await get(new URL(rsc.header('location')!, 'http://x').pathname + new URL(rsc.header('location')!, 'http://x').search, { rsc: '1' });
    expect(rsc.status).toBe(200);
    expect(rsc.header('content-type')).toMatch(/^text\/x-component/);
    const plain = await get('/', { 'x-catalog-flight': '1' });
    expect(plain.header('content-type')).toBe('text/html; charset=utf-8');
  });

  test('the internal markers of the proxy are no way in from outside', async () => {
    const forged = await get('/', { 'x-catalog-fill': '1', 'x-catalog-render': '1', 'x-catalog-internal': 'guess' });
    expect(forged.status).toBe(200);
    expect(forged.header('link')).toContain('rel="alternate"; type="text/markdown"');
    expectHashedCsp(forged.header('content-security-policy')!, forged.text);
  });

  test('Markdown served again within the window keeps its headers, and hides the internal route', async () => {
    const first = await get('/eventos/no-such-event-here', { accept: 'text/markdown' });
    const again = await get('/eventos/no-such-event-here', { accept: 'text/markdown' });
    for (const res of [first, again]) {
      expect(res.status).toBe(404);
      expect(res.header('content-type')).toBe('text/markdown; charset=utf-8');
      expect(varies(res.header('vary'))).toContain('accept');
      expect(res.header('x-middleware-rewrite')).toBeUndefined();
      expect(res.header('ratelimit-policy')).toMatch(/"markdown"/);
    }
    expect(again.text).toBe(first.text);
    expect(again.header('x-markdown-tokens')).toBe(first.header('x-markdown-tokens'));
  });
});
