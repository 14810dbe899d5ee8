import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { targets } from '../api/targets';
import { hashedPageCsp } from '@/lib/site/security-headers';
import { SITE_SCRIPTS, withoutClientRuntime } from '@/lib/site/static-page';

// Public pages as a CDN and a person read them: cache headers, link previews, the
// calendar file, prices on cards, the way to buy, aliases, and personal pages.
const target = targets[0]!;
const site = (brand: string) => `http://${brand}.localhost:${target.port}`;
const get = (path: string, options: { brand?: string; host?: string; accept?: string; method?: string } = {}) =>
  request(target.port, path, { host: options.host ?? `${options.brand ?? 'aurora'}.localhost:${target.port}`, method: options.method, headers: { accept: options.accept ?? 'text/html' } });
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

async function eventOnSale(brand = 'aurora'): Promise<string> {
  const list = await get('/', { brand });
  return /href="\/eventos\/([^"]+)"(?:(?!<li class="card">)[\s\S])*?<p class="price">a partir de/.exec(list.text)![1]!;
}

describe('pages a shared cache can keep', () => {
  test.each(['/', '/?q=forro', '/eventos/no-such-event'])('%s: public for the window, Vary: Accept', async (path) => {
    const res = await get(path);
    expect(res.header('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
    expect(res.header('vary')!.toLowerCase()).toContain('accept');
    expect(res.header('set-cookie')).toBeUndefined();
  });

  test('a personal page keeps a nonce of its own and private, no-store, and is never held', async () => {
    const [a, b] = [await get('/conta'), await get('/conta')];
    for (const res of [a, b]) {
      expect(res.header('cache-control')).toMatch(/private/);
      expect(res.header('cache-control')).toMatch(/no-store/);
      const csp = res.header('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(csp).not.toContain("'sha256-");
      const tags = res.text.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(/'nonce-([^']+)'/.exec(a.header('content-security-policy')!)![1]).not.toBe(/'nonce-([^']+)'/.exec(b.header('content-security-policy')!)![1]);
  });
});

/** What of a page could run or fetch JavaScript, other than the site's own: script tags not its own, script preloads, framework files. */
function foreignCode(html: string): string[] {
  const scripts = (html.match(/<script\b[^>]*>/gi) ?? []).filter((tag) => {
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
    return src === undefined ? !/^<script type="application\/ld\+json">$/.test(tag) : !SITE_SCRIPTS.has(src);
  });
  const preloads = (html.match(/<link\b[^>]*>/gi) ?? []).filter((tag) => /modulepreload|\sas="?(script|worker)/i.test(tag));
  const files = html.match(/\/_next\/[^"'\s)]*\.m?js\b/g) ?? [];
  return [...scripts, ...preloads, ...files];
}

describe('public pages carry only the scripts the site writes', () => {
  /** The listing, a search, an event page and a landing page. */
  async function foundPaths(): Promise<string[]> {
    const slug = await eventOnSale();
    const city = /href="(\/eventos-em\/[^"]+)"/.exec((await get(`/eventos/${slug}`)).text)![1]!;
    return ['/', '/?q=forro', `/eventos/${slug}`, city];
  }

  test('as served: JSON-LD data blocks and /busca.js, no framework script, no script preload; the CSP hashes are those of the page served', async () => {
    for (const path of [...(await foundPaths()), '/eventos/no-such-event', '/eventos-em/cidade-nenhuma']) {
      const res = await get(path);
      expect([200, 404], path).toContain(res.status);
      expect(foreignCode(res.text), path).toEqual([]);
      expect(res.text, path).toMatch(/<script type="application\/ld\+json">|<h1/);
      expect(res.header('content-security-policy'), path).toBe(hashedPageCsp(res.text));
    }
    expect((await get('/')).text).toContain('<script src="/busca.js" defer="">');
  });

  // The alarm: the framework's markup as this release writes it (a page rendered for a
  // signed-in person keeps it), with its names changed as a new release might change them.
  test("the framework's own markup, renamed as a new release might, leaves nothing but the site's scripts", async () => {
    for (const path of await foundPaths()) {
      const personal = await request(target.port, path, { host: `aurora.localhost:${target.port}`, headers: { accept: 'text/html', cookie: 'sessao=ninguem' } });
      expect(foreignCode(personal.text).length, path).toBeGreaterThan(0);
      const renamed = personal.text
        .replaceAll('__next_f', '__next_flight')
        .replaceAll('TURBOPACK', 'TURBOPACK_NEXT')
        .replaceAll('/_next/static/', '/_next/immutable/');
      const stored = withoutClientRuntime(renamed);
      expect(foreignCode(stored), path).toEqual([]);
      expect(stored, path).not.toMatch(/__next_flight|TURBOPACK_NEXT/);
      // The page itself is all there.
      const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main(stored).replace(/ nonce="[^"]*"/g, ''), path).toBe(main(renamed).replace(/ nonce="[^"]*"/g, ''));
    }
  });
});

describe('a public page is the page the framework renders', () => {
  /** A page without what differs by design: the framework's scripts and script preloads, its empty markers, the stylesheet (a link there, inside here), nonces, React's preload of the hero image. */
  const content = (html: string) =>
    html
      .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="(?:preload|modulepreload|stylesheet)"[^>]*\/>/g, '')
      .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
      .replace(/<!--\/?\$\??-->/g, '')
      .replace(/<div hidden=""><\/div>/g, '')
      .replace(/ nonce="[^"]*"/g, '');

  // Every page of lib/pages/routes.ts, found and not, beside the framework's render of the
  // same page for a visitor whose session cookie is junk (rendered for them alone, signed out).
  test.each(['aurora', 'mare'])('%s: every kind of page, with its head, bytes for bytes', async (brand) => {
    const slug = await eventOnSale(brand);
    const event = (await get(`/eventos/${slug}`, { brand })).text;
    const city = /href="\/eventos-em\/([^"]+)"/.exec(event)![1]!;
    const organizer = /href="\/produtores\/([^"]+)"/.exec((await get('/produtores', { brand })).text)![1]!;
    const paths = [
      '/', '/?q=forro', `/?q=${encodeURIComponent('forró em recife')}`, '/?category=shows&page=2', '/?q=zzzzqqq',
      `/eventos/${slug}`, '/eventos/no-such-event', `/eventos-em/${city}`, '/eventos-em/cidade-nenhuma', '/categoria/shows',
      '/produtores', '/produtores?q=silva', `/produtores/${organizer}`, '/perto-de-mim', '/privacidade', '/termos',
      `/comprar/${slug}`, '/nada-aqui',
    ];
    for (const path of paths) {
      const served = await get(path, { brand });
      const framework = await request(target.port, path, { host: `${brand}.localhost:${target.port}`, headers: { accept: 'text/html', cookie: 'sessao=ninguem' } });
      expect(served.status, path).toBe(framework.status);
      expect(content(served.text), path).toBe(content(framework.text));
    }
  });

  test("the stylesheet inside is the build's, the one the framework links", async () => {
    const served = await get('/');
    const framework = await request(target.port, '/', { host: `aurora.localhost:${target.port}`, headers: { accept: 'text/html', cookie: 'sessao=ninguem' } });
    const linked = /<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)"/.exec(framework.text)![1]!;
    expect(served.text).toContain(`<style data-href="${linked}">`);
    const css = await request(target.port, linked, { host: `aurora.localhost:${target.port}` });
    expect(served.text).toContain(css.text.replace(/<\//g, '\\3C/').slice(0, 2000));
  });
});

describe('aliases', () => {
  test.each(['localhost', '127.0.0.1'])('a page on %s goes to the brand site; the API still answers there', async (name) => {
    const host = `${name}:${target.port}`;
    const page = await get('/eventos/x?a=1', { host });
    expect(page.status).toBe(308);
    expect(page.header('location')).toBe(`${site('aurora')}/eventos/x?a=1`);
    const api = await get('/api/public/v1/events?per_page=1', { host, accept: 'application/json' });
    expect(api.status).toBe(200);
    expect(((api.json() as { data: Array<{ url: string }> }).data[0]!.url)).toMatch(new RegExp(`^${site('aurora')}/eventos/`));
  });
});

describe.each(['aurora', 'mare', 'sertao'])('event pages of %s', (brand) => {
  test('link previews: absolute og:image (the picture drawn for an SVG banner, which WhatsApp does not show), twitter:card, canonical og:url', async () => {
    const slug = await eventOnSale(brand);
    const res = await get(`/eventos/${slug}`, { brand });
    expect(meta(res.text, 'og:image')).toBe(`${site(brand)}/eventos/${slug}/previa.png`);
    expect(meta(res.text, 'og:image:width')).toBe('1200');
    expect(meta(res.text, 'og:image:height')).toBe('630');
    const picture = await get(`/eventos/${slug}/previa.png`, { brand, accept: 'image/*' });
    expect(picture.status).toBe(200);
    expect(picture.header('content-type')).toBe('image/png');
    expect((await get('/eventos/no-such-event/previa.png', { brand, accept: 'image/*' })).status).toBe(404);
    expect(meta(res.text, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.text, 'og:url')).toBe(`${site(brand)}/eventos/${slug}`);
    expect(meta(res.text, 'twitter:image')).toBe(meta(res.text, 'og:image'));
  });

  test('no button leads nowhere: an event on sale links its purchase address, or its page says how tickets are bought', async () => {
    const slug = await eventOnSale(brand);
    const res = await get(`/eventos/${slug}`, { brand });
    expect(res.text).not.toContain('/checkout/');
    const buys = res.text.includes('Comprar ingressos</a>');
    expect(res.text.includes('id="como-comprar"')).toBe(!buys);
    if (buys) expect(res.text).toContain(`href="${site(brand)}/comprar/${slug}">Comprar ingressos</a>`);
    else expect(res.text).toMatch(/os ingressos deste evento não são vendidos por este site: são vendidos pela produção do evento/);
  });

  test('"Adicionar à agenda": an iCalendar file, linked from the page and its Markdown', async () => {
    const slug = await eventOnSale(brand);
    const path = `/eventos/${slug}/agenda.ics`;
    const html = await get(`/eventos/${slug}`, { brand });
    expect(html.text).toContain(`href="${path}"`);
    expect(html.text).toContain('Adicionar à agenda');
    const md = await get(`/eventos/${slug}`, { brand, accept: 'text/markdown' });
    expect(md.text).toContain(`[Adicionar à agenda](${site(brand)}${path})`);
    const ics = await get(path, { brand, accept: 'text/calendar' });
    expect(ics.status).toBe(200);
    expect(ics.header('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.text.replace(/\r\n[ \t]/g, '');
    const detail = (await get(`/api/public/v1/events/${slug}`, { brand, accept: 'application/json' })).json() as { name: string; starts_at: string; url: string };
    const utc = new Date(detail.starts_at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(unfolded).toContain(`\r\nDTSTART:${utc}\r\n`);
    expect(unfolded).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toMatch(/\r\nSUMMARY:.+\r\n/);
    expect(unfolded).toMatch(/\r\nLOCATION:.+\r\n/);
    expect(unfolded).toContain(`URL;VALUE=URI:${detail.url}\r\n`);
    expect(unfolded).toMatch(/\r\nDESCRIPTION:[^<]+\r\n/);
    expect((await get('/eventos/no-such-event/agenda.ics', { brand })).status).toBe(404);
  });

  test('cards show the lowest price with fees, or why there is none', async () => {
    const list = await get('/', { brand });
    const cards = list.text.split('<li class="card">').slice(1);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/<p class="price">(Grátis; outros )?a partir de R\$ [\d.]+,\d{2} <span class="fees">com taxas<\/span><\/p>|<p class="price">Grátis<\/p>|<span class="badge state-(sold_out|paused|not_started|cancelled|postponed)">[^<]+<\/span>/);
    expect(list.text).not.toMatch(/R\$\s0,00/);
    const slug = await eventOnSale(brand);
    const shown = new RegExp(`href="/eventos/${slug}"(?:(?!<li class="card">)[\\s\\S])*?a partir de (R\\$ [\\d.]+,\\d{2})`).exec(list.text)![1];
    const page = await get(`/eventos/${slug}`, { brand });
    expect(page.text).toContain(`A partir de ${shown} com taxas`);
  });

  test('front matter description is clean text', async () => {
    const slug = await eventOnSale(brand);
    const md = await get(`/eventos/${slug}`, { brand, accept: 'text/markdown' });
    const description = JSON.parse(/\ndescription: (".*")\n/.exec(md.text)![1]!) as string;
    expect(description.length).toBeGreaterThan(0);
    expect(description).not.toMatch(/\s[,.;:!?]|\s$|^\s|\s{2}/);
  });
});
