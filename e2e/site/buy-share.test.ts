import { beforeAll, describe, expect, test } from 'vitest';
import { a2aAsk, importEvents, mcpEventPage, pageMarkdown } from '../support/agent-markdown';
import { request } from '../support/client';
import { SHORT_SNAPSHOT_MS } from '../api/global-setup';
import { targets } from '../api/targets';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';

// From an event to a ticket, a friend and the venue: the event's own purchase address (an
// import field the API never shows) or the brand's, "Comprar ingressos" and the bar with
// the price; "Como comprar" with links without one; the demo's purchase page; the same next
// step in Markdown, MCP and A2A; share and directions links; link previews; addresses
// without empty parameters; in-page links of the Markdown on the page itself.

const target = targets[0]!;
const site = (brand: string, port = target.port) => `http://${brand}.localhost:${port}`;
const get = (path: string, options: { brand?: string; accept?: string; port?: number } = {}) =>
  request(options.port ?? target.port, path, { host: `${options.brand ?? 'aurora'}.localhost:${options.port ?? target.port}`, headers: { accept: options.accept ?? 'text/html' } });
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Slugs of events on sale on the listing's first pages, in order. */
async function onSale(brand: string): Promise<string[]> {
  const slugs: string[] = [];
  for (const page of [1, 2]) {
    const list = await get(page === 1 ? '/' : `/?page=${page}`, { brand });
    for (const m of list.text.matchAll(/href="\/eventos\/([^"]+)"(?:(?!<li class="card">)[\s\S])*?<p class="price">a partir de/g)) slugs.push(m[1]!);
  }
  return slugs;
}

/** An event on sale of the demo sold on the brand's demonstration page, and one without a purchase address. */
async function demoPair(brand: string): Promise<{ sold: string; unsold: string }> {
  let sold: string | undefined;
  let unsold: string | undefined;
  for (const slug of await onSale(brand)) {
    const html = (await get(`/eventos/${slug}`, { brand })).text;
    if (html.includes('Comprar ingressos</a>')) sold ??= slug;
    else unsold ??= slug;
    if (sold && unsold) return { sold, unsold };
  }
  throw new Error(`${brand}: no pair of events on sale with and without a purchase address`);
}

describe.each(['aurora', 'mare', 'sertao'])('the demo catalog of %s', (brand) => {
  test('an event with a purchase address: "Comprar ingressos" to it, in the bar with the price with fees; the demonstration page says it sells nothing', async () => {
    const { sold } = await demoPair(brand);
    const html = (await get(`/eventos/${sold}`, { brand })).text;
    const address = `${site(brand)}/comprar/${sold}`;
    expect(html).toMatch(new RegExp(`<div class="event-buy event-buy-sticky"><p class="lowest">(A partir de R\\$ [\\d.]+,\\d{2} com taxas|Grátis)[^<]*</p><a class="button" href="${address}">Comprar ingressos</a></div>`));
    expect(html).not.toContain('id="como-comprar"');

    const demo = await get(`/comprar/${sold}`, { brand });
    expect(demo.status).toBe(200);
    expect(demo.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(demo.text).toContain('esta página não vende ingressos, não cobra nada e não pede nenhum dado');
    expect(demo.text).toContain(`href="/eventos/${sold}">Voltar para o evento</a>`);
    expect(demo.text).toMatch(/com taxas<\/strong>|Grátis<\/strong>/);
  });

  test('an event without one: "Como comprar" says who sells and links what the person can do; no demonstration page', async () => {
    const { unsold } = await demoPair(brand);
    const html = (await get(`/eventos/${unsold}`, { brand })).text;
    expect(html).not.toContain('Comprar ingressos');
    expect(html).toContain('<a class="button secondary" href="#como-comprar">Como comprar</a>');
    const section = html.slice(html.indexOf('id="como-comprar"'), html.indexOf('</section>', html.indexOf('id="como-comprar"')));
    expect(section).toContain('os ingressos deste evento não são vendidos por este site');
    const links = [...section.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!));
    expect(links.some((l) => l.startsWith('https://www.google.com/search?q='))).toBe(true);
    expect(links).toContain('/');
    expect((await get(`/comprar/${unsold}`, { brand })).status).toBe(404);
    expect((await get('/comprar/no-such-event', { brand })).status).toBe(404);
  });

  test('the Markdown of both pages leads on: the purchase address, or "Como comprar" on the page itself', async () => {
    const { sold, unsold } = await demoPair(brand);
    const soldMd = (await get(`/eventos/${sold}`, { brand, accept: 'text/markdown' })).text;
    expect(soldMd).toContain(`[Comprar ingressos](${site(brand)}/comprar/${sold})`);
    const unsoldMd = (await get(`/eventos/${unsold}`, { brand, accept: 'text/markdown' })).text;
    expect(unsoldMd).toContain(`[Como comprar](${site(brand)}/eventos/${unsold}#como-comprar)`);
    expect(unsoldMd).not.toContain(`](${site(brand)}/#`);
  });

  test("a demo event with a purchase address whose sales are paused: no way to buy on its page, its JSON-LD offers point to the page, and the demonstration page says the event's state", async () => {
    // States and slugs of the demo do not depend on the day it is built around; its dates do, hence a day's margin.
    const r = [...generateDemo({ brands: demoRegistry(3000).brands, events: 720 })].find(
      (x) => x.brand === brand && x.purchase_url && x.status === 'Vendas pausadas' && (x.event_status ?? 'scheduled') === 'scheduled' && Date.parse(x.starts_at!) > Date.now() + 2 * 86_400_000,
    );
    expect(r, brand).toBeDefined();
    const html = (await get(`/eventos/${r!.slug}`, { brand })).text;
    expect(html).toContain('<div class="event-state event-state-paused" role="status">');
    expect(html).not.toMatch(/Comprar ingressos|id="como-comprar"|class="event-buy/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as { offers: { url: string; availability: string } };
    expect(ld.offers).toMatchObject({ url: `${site(brand)}/eventos/${r!.slug}`, availability: 'https://schema.org/OutOfStock' });
    const demo = await get(`/comprar/${r!.slug}`, { brand });
    expect(demo.status).toBe(200);
    expect(demo.text).toContain('<p class="closed">Vendas pausadas: no momento nenhum ingresso está à venda, mas as vendas podem voltar.');
    expect(demo.text).not.toContain('Ingressos que uma loja ofereceria');
  });

  test("an event on sale with a purchase address: its JSON-LD offers point to it", async () => {
    const { sold } = await demoPair(brand);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec((await get(`/eventos/${sold}`, { brand })).text)![1]!) as { url: string; offers: { url: string; offers: Array<{ url: string }> } };
    expect(ld.url).toBe(`${site(brand)}/eventos/${sold}`);
    expect([ld.offers.url, ...ld.offers.offers.map((o) => o.url)]).toEqual(Array(ld.offers.offers.length + 1).fill(`${site(brand)}/comprar/${sold}`));
  });

  test('share: the phone share sheet by the site script, WhatsApp and the link, each the canonical URL; link previews say when and where', async () => {
    const { sold } = await demoPair(brand);
    const res = await get(`/eventos/${sold}`, { brand });
    const url = `${site(brand)}/eventos/${sold}`;
    const html = res.text;
    const whatsapp = decode(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1]!);
    expect(new URL(whatsapp).searchParams.get('text')).toMatch(new RegExp(` ${url.replace(/[.]/g, '\\.')}$`));
    expect(html).toContain(`data-share-url="${url}"`);
    expect(html).toContain(`<input id="link-do-evento" type="url" readOnly="" value="${url}"/>`);
    expect(html).toContain('<script src="/compartilhar.js" defer=""></script>');
    expect(res.header('content-security-policy')).toMatch(/script-src 'self'/);
    const script = await get('/compartilhar.js', { brand, accept: '*/*' });
    expect(script.status).toBe(200);
    expect(script.header('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('navigator.share');

    const detail = (await get(`/api/public/v1/events/${sold}`, { brand, accept: 'application/json' })).json() as { location: { city: string | null; state_abbr: string | null } | null };
    const description = decode(meta(html, 'og:description')!);
    expect(description).toMatch(/^\p{L}{3}\., \d{1,2} de \p{L}{3}\. de \d{4}, \d\d:\d\d · /u);
    if (detail.location?.city) expect(description).toContain(`${detail.location.city} - ${detail.location.state_abbr}`);
    expect(decode(meta(html, 'twitter:description')!)).toBe(description);
    expect(decode(meta(html, 'og:site_name')!)).toMatch(/Aurora|Maré|Sertão/);
    expect(meta(html, 'og:locale')).toBe('pt_BR');
    expect(meta(html, 'og:image')).toMatch(/^http:\/\//);
  });

  test('"Como chegar": Google Maps, Waze and Apple Maps to the venue\'s point, beside "Ver no mapa"', async () => {
    const slugs = await onSale(brand);
    for (const slug of slugs) {
      const detail = (await get(`/api/public/v1/events/${slug}`, { brand, accept: 'application/json' })).json() as { location: { latitude: string | null; longitude: string | null } | null };
      if (!detail.location?.latitude || !detail.location.longitude) continue;
      const point = `${detail.location.latitude},${detail.location.longitude}`;
      const html = decode((await get(`/eventos/${slug}`, { brand })).text);
      expect(html).toContain('Ver no mapa</a><br/><span class="directions"><strong>Como chegar:</strong>');
      expect(html).toContain(`href="https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(point)}"`);
      expect(html).toContain(`href="https://waze.com/ul?ll=${encodeURIComponent(point)}&navigate=yes"`);
      expect(html).toContain(`href="https://maps.apple.com/?daddr=${encodeURIComponent(point)}"`);
      return;
    }
    throw new Error('no event with a venue');
  });
});

describe('addresses without empty parameters', () => {
  test.each([
    ['/?q=samba&city=&category=&preco=&sort=', '/?q=samba'],
    ['/?city=&q=', '/'],
    ['/?q=+&acessibilidade=libras&data=', '/?acessibilidade=libras'],
  ])('%s is redirected (308) to %s on the brand site', async (path, clean) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(res.header('location')).toBe(`${site('aurora')}${clean}`);
  });

  test('the Markdown of such an address too; an address without empty parameters, the API and a page without any are answered as they are', async () => {
    expect((await get('/?q=samba&city=', { accept: 'text/markdown' })).status).toBe(308);
    expect((await get('/?q=samba')).status).toBe(200);
    expect((await get('/api/public/v1/events?q=&per_page=1', { accept: 'application/json' })).status).toBe(200);
  });

  test("the listing's links carry no empty parameter", async () => {
    const html = decode((await get('/?q=show')).text);
    const links = [...html.matchAll(/href="(\/\?[^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) for (const [name, value] of new URLSearchParams(link.slice(2))) expect(value.trim(), `${link}: ${name}`).not.toBe('');
  });
});

describe('in-page links of every Markdown page point into that page', () => {
  test.each(['/', '/?q=forro', '/privacidade', '/termos'])('%s', async (path) => {
    const md = (await get(path, { accept: 'text/markdown' })).text;
    const page = `${site('aurora')}${path}`;
    for (const m of md.matchAll(/\]\(([^)\s]+#[^)\s]*)\)/g)) expect(m[1]!.replace(/\\/g, '').split('#')[0], m[1]).toBe(page);
  });
});

const pg = targets.find((t) => t.name === 'postgres');
const stamp = Date.now().toString(36);
const line = (slug: string, purchase_url: string | null) => ({
  brand: 'aurora',
  slug: `${slug}-${stamp}`,
  name: `Compra ${slug} ${stamp}`,
  starts_at: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  timezone: 'America/Recife',
  venue: { key: `compra-${stamp}`, name: 'Teatro do Parque', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: 'Rua do Hospício, 81' },
  producer: { slug: `producao-${stamp}`, name: 'Produção & Cia', contact_email: 'segredo@producao.example' },
  sectors: [{ name: 'Plateia', lots: [{ name: 'Inteira', price_cents: 4000, fee_cents: 400 }] }],
  purchase_url,
});
const elsewhere = line('loja-externa', 'https://ingressos.example/e/42?canal="><script>alert(1)</script>');
const nowhere = line('sem-loja', null);

describe.skipIf(!pg)('an event sold elsewhere, from its import line', () => {
  const host = () => `aurora.localhost:${pg!.port}`;
  beforeAll(async () => {
    await importEvents(pg!.databaseUrl!, [elsewhere, nowhere]);
    await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));
  });

  test('the page links its own address, escaped; the API and openapi.json never carry it', async () => {
    const html = (await get(`/eventos/${elsewhere.slug}`, { port: pg!.port })).text;
    const href = /<a class="button" href="([^"]+)">Comprar ingressos<\/a>/.exec(html)![1]!;
    expect(new URL(decode(href)).searchParams.get('canal')).toBe('"><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)');
    const detail = await get(`/api/public/v1/events/${elsewhere.slug}`, { port: pg!.port, accept: 'application/json' });
    expect(detail.text).not.toMatch(/purchase|ingressos\.example/);
    const list = await get(`/api/public/v1/events?q=${stamp}`, { port: pg!.port, accept: 'application/json' });
    expect(list.text).toContain(elsewhere.slug);
    expect(list.text).not.toMatch(/purchase|ingressos\.example/);
    expect((await get('/api/public/v1/openapi.json', { port: pg!.port, accept: 'application/json' })).text).not.toContain('purchase');
    // Not the demonstration page's event.
    expect((await get(`/comprar/${elsewhere.slug}`, { port: pg!.port })).status).toBe(404);
  });

  test('the page Markdown, MCP and A2A give the same next step: the event page, which leads on', async () => {
    const md = await pageMarkdown(pg!.port, host(), elsewhere.slug);
    expect(md).toContain('[Comprar ingressos](https://ingressos.example/e/42?canal=%22%3E%3Cscript%3Ealert\\(1\\)%3C/script%3E)');
    const url = `${site('aurora', pg!.port)}/eventos/${elsewhere.slug}`;
    for (const text of [await mcpEventPage(pg!.port, host(), elsewhere.slug), await a2aAsk(pg!.port, host(), url)]) {
      expect(text).toContain(`Para comprar, vá à [página do evento](${url}). Lá, "Comprar ingressos" leva à compra`);
      expect(text).not.toContain('ingressos.example');
    }
    const without = `${site('aurora', pg!.port)}/eventos/${nowhere.slug}`;
    for (const text of [await mcpEventPage(pg!.port, host(), nowhere.slug), await a2aAsk(pg!.port, host(), without)]) {
      expect(text).toContain(`Para comprar, vá à [página do evento](${without}). Lá, "Como comprar" diz onde os ingressos são vendidos`);
    }
    const page = (await get(`/eventos/${nowhere.slug}`, { port: pg!.port })).text;
    expect(page).toContain('Procurar a página oficial de Produção &amp; Cia');
    expect(page).not.toContain('segredo@producao.example');
  });
});
