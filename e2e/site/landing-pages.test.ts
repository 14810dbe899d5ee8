import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { hashedPageCsp } from '../../lib/site/security-headers';
import { request } from '../support/client';
import { ROOT } from '../support/server';
import { SHORT_SNAPSHOT_MS, type Target } from '../api/global-setup';
import { listAll, type List } from '../api/helpers';
import { BRANDS, targets } from '../api/targets';

// Landing pages (a city, a category, an organizer) and the calendar feeds of any listing,
// on both catalog backends and for every demo brand: what a search engine, an agent and
// a calendar that subscribes read.

const NAMES: Record<string, string> = { aurora: 'Aurora Ingressos', mare: 'Maré Tickets', sertao: 'Sertão Eventos' };
const FEED_LIMIT = 100;

type Get = (path: string, options?: { accept?: string; method?: string; headers?: Record<string, string> }) => ReturnType<typeof request>;

function client(target: Target, brand: string): { site: string; get: Get } {
  const site = `http://${brand}.localhost:${target.port}`;
  const get: Get = (path, options = {}) =>
    request(target.port, path, { host: `${brand}.localhost:${target.port}`, method: options.method, headers: { accept: options.accept ?? 'text/html', ...options.headers } });
  return { site, get };
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const citySlug = (city: string) => fold(city).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const itemList = (html: string) => {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
  return scripts.find((s) => s['@type'] === 'ItemList') as { name: string; url: string; numberOfItems: number; itemListElement: Array<{ position: number; url: string; name: string }> } | undefined;
};

type VEvent = { uid: string; start: string; end: string; sequence: number; stamp: string; lastModified: string | undefined };
/** The events of an iCalendar text, lines unfolded. */
function vevents(text: string): VEvent[] {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => {
    const prop = (name: string) => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(m[1]!)?.[1]?.replace(/\r$/, '');
    return { uid: prop('UID')!, start: prop('DTSTART')!, end: prop('DTEND')!, sequence: Number(prop('SEQUENCE')), stamp: prop('DTSTAMP')!, lastModified: prop('LAST-MODIFIED') };
  });
}
const icsInstant = (s: string) => Date.parse(s.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** A city and an organizer that have events listed now, taken from the API. */
async function subjects(target: Target, brand: string) {
  const { get } = client(target, brand);
  const list = (await get('/api/public/v1/events?per_page=50', { accept: 'application/json' })).json() as List;
  const city = list.data.find((e) => e.location?.city)!.location!.city!;
  const detail = (await get(`/api/public/v1/events/${list.data[0]!.slug}`, { accept: 'application/json' })).json() as { slug: string; producer: { slug: string; name: string } };
  return { city, citySlug: citySlug(city), organizer: detail.producer, eventSlug: detail.slug };
}

describe.each(targets)('landing pages on $name', (target) => {
  describe.each([...BRANDS])('%s', (brand) => {
    const { site, get } = client(target, brand);

    test('a city: shared-cacheable like the listing, canonical, title, description, its ItemList and its feed', async () => {
      const { city, citySlug: slug } = await subjects(target, brand);
      const path = `/eventos-em/${slug}`;
      const [res, home] = [await get(path), await get('/')];
      expect(res.status).toBe(200);
      expect(res.header('content-type')).toBe('text/html; charset=utf-8');
      expect(res.header('cache-control')).toBe(home.header('cache-control'));
      expect(res.header('cache-control')).toMatch(/^public, /);
      expect(res.header('vary')!.toLowerCase()).toContain('accept');
      expect(res.header('set-cookie')).toBeUndefined();
      expect(res.header('content-security-policy')).toBe(hashedPageCsp(res.text));
      expect(res.header('content-security-policy')).not.toContain('nonce');
      expect(res.header('link')).toContain(`<${site}${path}>; rel="alternate"; type="text/markdown"`);
      expect(canonical(res.text)).toBe(`${site}${path}`);
      expect(title(res.text)).toBe(`Eventos em ${city} — ${NAMES[brand]}`);
      expect(res.text).toMatch(/<meta name="description" content="Próximos eventos em [^"]+"/);
      expect(res.text).toContain(`<h1>Eventos em ${city}</h1>`);
      expect(res.text).toContain(`<link rel="alternate" type="text/calendar" href="${site}${path}/calendario.ics"/>`);
      expect(res.text).toContain(`href="webcal://${brand}.localhost:${target.port}${path}/calendario.ics">Adicionar ao calendário</a>`);
      // The ItemList is the page's events, in order: the API's first page of the same filter.
      const api = (await get(`/api/public/v1/events?city=${encodeURIComponent(city)}`, { accept: 'application/json' })).json() as List;
      const list = itemList(res.text)!;
      expect(list.url).toBe(`${site}${path}`);
      expect(list.name).toBe(`Eventos em ${city} — ${NAMES[brand]}`);
      expect(list.itemListElement.map((e) => e.url)).toEqual(api.data.map((e) => e.url));
      expect(list.itemListElement.map((e) => e.position)).toEqual(api.data.map((_, i) => i + 1));
      expect(list.numberOfItems).toBe(api.data.length);
      expect(res.text.split('<li class="card">').length - 1).toBe(api.data.length);
    });

    test('pages go on with ?page=: canonical and positions follow the page', async () => {
      const path = '/categoria/shows';
      const first = await get(path);
      const last = Number(/página 1 de (\d+)/.exec(first.text.replace(/<!-- -->/g, ''))?.[1] ?? '1');
      const page = await get(`${path}?page=${last}`);
      expect(page.status).toBe(200);
      if (last > 1) {
        expect(canonical(page.text)).toBe(`${site}${path}?page=${last}`);
        expect(itemList(page.text)!.itemListElement[0]!.position).toBe((last - 1) * 20 + 1);
        expect(first.text).toContain(`href="${path}?page=2" rel="next"`);
      } else expect(canonical(page.text)).toBe(`${site}${path}`);
      const past = await get(`${path}?page=${last + 5}`);
      expect(past.status).toBe(200);
      expect(itemList(past.text)!.itemListElement).toEqual([]);
    });

    test('an organizer: its events, linked from its event pages; the city is linked too', async () => {
      const { organizer, eventSlug, citySlug: cSlug } = await subjects(target, brand);
      const path = `/produtores/${organizer.slug}`;
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(title(res.text)).toBe(`Eventos de ${organizer.name} — ${NAMES[brand]}`);
      expect(canonical(res.text)).toBe(`${site}${path}`);
      const api = (await get(`/api/public/v1/events?organization=${organizer.slug}`, { accept: 'application/json' })).json() as List;
      expect(api.data.length).toBeGreaterThan(0);
      expect(itemList(res.text)!.itemListElement.map((e) => e.url)).toEqual(api.data.map((e) => e.url));
      const event = await get(`/eventos/${eventSlug}`);
      expect(event.text).toContain(`href="${path}"`);
      const eventCity = /"addressLocality":"([^"]+)"/.exec(event.text)?.[1];
      if (eventCity) expect(event.text).toContain(`href="/eventos-em/${citySlug(eventCity)}"`);
      const home = await get('/');
      expect(home.text).toContain(`href="/eventos-em/${cSlug}"`);
    });

    test('a category of the taxonomy: 200 with its label; a slug that names none: 404', async () => {
      const res = await get('/categoria/teatro');
      expect(res.status).toBe(200);
      expect(title(res.text)).toBe(`Teatro e espetáculos — ${NAMES[brand]}`);
      expect(canonical(res.text)).toBe(`${site}/categoria/teatro`);
      expect(res.text).toContain('<h1>Teatro e espetáculos</h1>');
      expect(itemList(res.text)).toBeDefined();
      expect(res.header('content-security-policy')).toBe(hashedPageCsp(res.text));
    });

    test.each(['/eventos-em/atlantida', '/categoria/nao-existe', '/produtores/ninguem-produz', '/eventos-em/%E0%A4'])(
      '%s: the brand\'s 404 page, in HTML and in Markdown',
      async (path) => {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.header('content-type')).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('Página não encontrada');
        expect(res.text).toContain(NAMES[brand]!);
        expect(res.header('content-security-policy')).toBe(hashedPageCsp(res.text));
        const md = await get(path, { accept: 'text/markdown' });
        expect(md.status).toBe(404);
        expect(md.header('content-type')).toBe('text/markdown; charset=utf-8');
        expect(md.text).toContain('Página não encontrada');
      },
    );

    test('with a session cookie the pages are personal: a landing page of nothing is still the full 404 page, kept by no cache', async () => {
      const cookie = { cookie: 'sessao=not-a-valid-token' };
      const missing = await get('/produtores/ninguem-produz', { headers: cookie });
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('Página não encontrada');
      expect(missing.header('cache-control')).toBe('private, no-store');
      const { citySlug: slug } = await subjects(target, brand);
      const found = await get(`/eventos-em/${slug}`, { headers: cookie });
      expect(found.status).toBe(200);
      expect(found.header('cache-control')).toBe('private, no-store');
      expect(found.header('content-security-policy')).toContain("'nonce-");
    });

    test('as Markdown: the same page, with its events and the calendar links', async () => {
      const { city, citySlug: slug } = await subjects(target, brand);
      const md = await get(`/eventos-em/${slug}`, { accept: 'text/markdown' });
      expect(md.status).toBe(200);
      expect(md.header('content-type')).toBe('text/markdown; charset=utf-8');
      expect(Number(md.header('x-markdown-tokens'))).toBeGreaterThan(0);
      expect(md.text).toContain(`# Eventos em ${city}`);
      expect(md.text).toContain(`(webcal://${brand}.localhost:${target.port}/eventos-em/${slug}/calendario.ics)`);
      expect(md.text).toMatch(new RegExp(`\\(${site}/eventos/[a-z0-9-]+\\)`));
    });

    test('the sitemap lists a page per city and organizer with events, and the categories with events', async () => {
      const xml = (await get('/sitemap.xml', { accept: 'application/xml' })).text;
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      const { citySlug: slug, organizer } = await subjects(target, brand);
      expect(locs).toContain(`${site}/eventos-em/${slug}`);
      expect(locs).toContain(`${site}/produtores/${organizer.slug}`);
      const landings = locs.filter((l) => /\/(eventos-em|categoria|produtores)\//.test(l));
      expect(new Set(landings).size).toBe(landings.length);
      for (const loc of landings.filter((_, i) => i % 7 === 0)) expect((await get(loc.slice(site.length))).status, loc).toBe(200);
    });

    test('GET and HEAD only', async () => {
      for (const path of ['/eventos-em/recife', '/categoria/teatro', '/produtores/x', '/calendario.ics', '/categoria/teatro/calendario.ics']) {
        const res = await get(path, { method: 'POST' });
        expect(res.status, path).toBe(405);
        expect(res.header('allow')).toBe('GET, HEAD');
      }
    });
  });
});

describe.each(targets)('calendar feeds on $name', (target) => {
  describe.each([...BRANDS])('%s', (brand) => {
    const { site, get } = client(target, brand);

    test('a city feed: text/calendar, shared-cacheable, ETag and 304, named, its events with the UIDs of their own files', async () => {
      const { city, citySlug: slug } = await subjects(target, brand);
      const path = `/eventos-em/${slug}/calendario.ics`;
      const res = await get(path, { accept: 'text/calendar' });
      expect(res.status).toBe(200);
      expect(res.header('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.header('cache-control')).toBe((await get('/')).header('cache-control'));
      const etag = res.header('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const head = await get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      const unfolded = res.text.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain(`\r\nX-WR-CALNAME:Eventos em ${city} — ${NAMES[brand]}\r\n`);
      expect(unfolded).toContain(`\r\nNAME:Eventos em ${city} — ${NAMES[brand]}\r\n`);
      expect(unfolded).toMatch(/\r\nREFRESH-INTERVAL;VALUE=DURATION:PT\d+[HM]\r\n/);
      expect(unfolded).toMatch(/\r\nX-PUBLISHED-TTL:PT\d+[HM]\r\n/);
      expect(unfolded).toContain(`\r\nURL:${site}${path}\r\n`);
      // Its events are the city's listing, soonest first, each as in its own file.
      const listed = (await listAll(target, `city=${encodeURIComponent(city)}`, brand)).filter((e) => e.starts_at);
      const events = vevents(res.text);
      const host = `${brand}.localhost`;
      expect(events.map((e) => e.uid)).toEqual(listed.slice(0, FEED_LIMIT).map((e) => `${e.slug}@${host}`));
      for (const item of listed.slice(0, 3)) {
        const own = vevents((await get(`/eventos/${item.slug}/agenda.ics`)).text)[0]!;
        expect(events.find((e) => e.uid === own.uid)).toEqual(own);
        expect(own.lastModified).toBe(own.stamp);
        expect(own.sequence).toBeGreaterThan(0);
      }
    });

    test('the listing feed: at most 100 events, soonest first, none ended', async () => {
      const res = await get('/calendario.ics');
      expect(res.status).toBe(200);
      const events = vevents(res.text);
      const total = ((await get('/api/public/v1/events?per_page=1', { accept: 'application/json' })).json() as List).meta.total;
      expect(events.length).toBe(Math.min(FEED_LIMIT, total));
      expect(events.length).toBeGreaterThan(0);
      const starts = events.map((e) => icsInstant(e.start));
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      const now = Date.now() - 60_000;
      for (const e of events) expect(icsInstant(e.end), e.uid).toBeGreaterThan(now);
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    });

    test('a searched listing offers its own feed, the same search as the page', async () => {
      const page = await get('/?q=forro&page=1');
      expect(page.text).toContain(`<link rel="alternate" type="text/calendar" href="${site}/calendario.ics?q=forro"/>`);
      expect(page.text).toContain(`href="webcal://${brand}.localhost:${target.port}/calendario.ics?q=forro">Adicionar ao calendário</a>`);
      const feed = await get('/calendario.ics?q=forro');
      expect(feed.status).toBe(200);
      const uids = vevents(feed.text).map((e) => e.uid.replace(/@.*$/, ''));
      const found = (await listAll(target, 'q=forro&sort=date', brand)).filter((e) => e.starts_at).map((e) => e.slug);
      expect(uids).toEqual(found.slice(0, FEED_LIMIT));
      const organizer = (await subjects(target, brand)).organizer.slug;
      const byOrganizer = vevents((await get(`/calendario.ics?organization=${organizer}&page=3`)).text).map((e) => e.uid.replace(/@.*$/, ''));
      expect(byOrganizer).toEqual(vevents((await get(`/produtores/${organizer}/calendario.ics`)).text).map((e) => e.uid.replace(/@.*$/, '')));
    });

    test.each([
      ['date_from=2026-02-30', 'invalid_date'],
      ['date_from=2026-12-10&date_to=2026-12-01', 'invalid_date_range'],
      ['near=91,0', 'invalid_near'],
      ['near=-8,-35&radius_km=9999', 'invalid_radius'],
      ['sort=sideways', 'invalid_sort'],
    ])('a bad filter (%s) is a 400 problem, never a 500', async (query, code) => {
      const res = await get(`/calendario.ics?${query}`);
      expect(res.status).toBe(400);
      expect(res.header('content-type')).toBe('application/problem+json');
      expect((res.json() as { code: string }).code).toBe(code);
    });

    test.each(['/eventos-em/atlantida/calendario.ics', '/categoria/nao-existe/calendario.ics', '/produtores/ninguem-produz/calendario.ics'])('%s: a 404 problem', async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.header('content-type')).toBe('application/problem+json');
      expect((res.json() as { code: string }).code).toBe('not_found');
    });
  });
});

const run = promisify(execFile);
const pg = targets.find((t) => t.name === 'postgres');

// An event that moves keeps its UID; the feed tells the change by SEQUENCE and DTSTAMP.
describe.skipIf(!pg)('a moved event in a subscribed feed (PostgreSQL)', () => {
  test('same UID, later start, higher SEQUENCE; a new city gets its landing page', async () => {
    const target = pg!;
    const { get } = client(target, 'aurora');
    const stamp = Date.now();
    const city = `Vila Calendário ${stamp % 100000}`;
    const slug = `show-que-muda-${stamp}`;
    const at = (days: number) => new Date(stamp + days * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const line = (startsAt: string) => ({
      brand: 'aurora',
      slug,
      name: 'Show que muda de data',
      starts_at: startsAt,
      timezone: 'America/Recife',
      venue: { key: `praca-${stamp}`, name: 'Praça', city, state: 'Pernambuco', state_abbr: 'PE' },
      producer: { slug: `produtora-${stamp}`, name: 'Produtora da Praça' },
      sectors: [{ name: 'Pista', lots: [{ name: 'Único', price_cents: 5000, fee_cents: 500 }] }],
    });
    const dir = mkdtempSync(join(tmpdir(), 'feed-'));
    const importLine = async (startsAt: string) => {
      const file = join(dir, `${startsAt.replace(/:/g, '')}.ndjson`);
      writeFileSync(file, `${JSON.stringify(line(startsAt))}\n`);
      await run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-import.ts', file], { cwd: ROOT, env: { ...process.env, DATABASE_URL: target.databaseUrl! } });
      // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
      await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));
    };
    const path = `/eventos-em/${citySlug(city)}`;
    expect((await get(path)).status).toBe(404);

    await importLine(at(5));
    expect((await get(path)).status).toBe(200);
    const before = vevents((await get(`${path}/calendario.ics`)).text);
    expect(before.map((e) => e.uid)).toEqual([`${slug}@aurora.localhost`]);

    await importLine(at(9));
    const after = vevents((await get(`${path}/calendario.ics`)).text);
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(icsInstant(after[0]!.start)).toBeGreaterThan(icsInstant(before[0]!.start));
    expect(after[0]!.sequence).toBeGreaterThan(before[0]!.sequence);
    expect(icsInstant(after[0]!.stamp)).toBeGreaterThan(icsInstant(before[0]!.stamp));
    const own = vevents((await get(`/eventos/${slug}/agenda.ics`)).text)[0]!;
    expect(own).toEqual(after[0]);
  });
});
