import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { BRANDS, targets } from '../api/targets';

// Pages for people in people's words: a time zone as "horário de Brasília" (or its own
// place and offset), never an IANA name or another city's; no "iCalendar"; developers'
// links in a section of their own; "Grátis" on free cards. And the filter sheet's count,
// /busca.json: what the listing of the same choices shows.
const target = targets[0]!;
const get = (brand: string, path: string, accept = 'text/html') => request(target.port, path, { host: `${brand}.localhost:${target.port}`, headers: { accept } });
const api = async (brand: string, qs: string) => JSON.parse((await get(brand, `/api/public/v1/events?${qs}`, 'application/json')).text) as { data: { slug: string }[]; meta: { total: number } };
/** The page's text for a person: tags, scripts and data blocks out. */
const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
const shown = (html: string) => Number(/class="summary">([\d.]+)/.exec(html)?.[1]?.replace(/\./g, '') ?? 0);

/** The first event page in `city` (any brand) that shows its start, and its HTML. */
async function eventPageIn(city: string): Promise<string> {
  for (const brand of BRANDS) {
    for (const { slug } of (await api(brand, `city=${encodeURIComponent(city)}&per_page=20`)).data) {
      // React marks where text nodes meet (<!-- -->): the words as a person reads them.
      const html = (await get(brand, `/eventos/${slug}`)).text.replace(/<!-- -->/g, '');
      if (html.includes('(horário')) return html;
    }
  }
  throw new Error(`no event page in ${city} shows its start`);
}

describe('time zones in words', () => {
  test('an event in João Pessoa (zone named after Fortaleza) says "horário de Brasília", never another city', async () => {
    const html = await eventPageIn('João Pessoa');
    expect(html).toContain('(horário de Brasília)');
    expect(visible(html)).not.toMatch(/Fortaleza|America\//);
  });

  test('an event in Manaus says its own place and offset; Recife’s says Brasília', async () => {
    expect(await eventPageIn('Manaus')).toContain('(horário de Manaus (UTC−4))');
    const recife = await eventPageIn('Recife');
    expect(recife).toContain('(horário de Brasília)');
    expect(visible(recife)).not.toContain('America/');
  });
});

describe('plain words on the listing', () => {
  test.each(BRANDS)('%s: no "iCalendar"; the calendar in plain words below the cards; developers’ links in their own footer section', async (brand) => {
    const html = (await get(brand, '/')).text;
    expect(html).not.toContain('iCalendar');
    expect(html.indexOf('Adicionar ao calendário</a>')).toBeGreaterThan(html.lastIndexOf('<li class="card">'));
    const footer = html.slice(html.indexOf('<footer'));
    const developers = /<nav aria-labelledby="para-desenvolvedores"[\s\S]*?<\/nav>/.exec(footer)?.[0] ?? '';
    expect(developers).toContain('>Para desenvolvedores</h2>');
    for (const link of ['API pública', 'llms.txt', 'Agentes']) expect(developers).toContain(`>${link}</a>`);
    // Outside that section, the footer speaks to every visitor.
    expect(footer.replace(developers, '')).not.toMatch(/API pública|llms\.txt/);
  });

  test('a free event’s card says "Grátis", never "a partir de R$ 0,00"', async () => {
    const html = (await get('aurora', '/?preco=gratis')).text;
    const prices = [...html.matchAll(/<p class="price">([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p).toMatch(/^Grátis/);
    expect(html).not.toMatch(/R\$\s0,00/);
  });

  test('an event page offers its calendar file without naming its format', async () => {
    const html = await eventPageIn('Recife');
    expect(html).toContain('Adicionar à agenda');
    expect(html).not.toContain('iCalendar');
  });
});

describe('the filter sheet’s count (/busca.json)', () => {
  test.each(['preco=100&quando=7-dias&city=Recife', 'category=shows&preco=gratis', 'q=shows+gr%C3%A1tis+neste+fim+de+semana', 'perto=Recife&radius_km=100', ''])('?%s: the count of the listing the same choices show', async (qs) => {
    const [count, page] = await Promise.all([get('aurora', `/busca.json?${qs}`, 'application/json'), get('aurora', `/?${qs}`)]);
    expect(count.status).toBe(200);
    expect(count.header('content-type')).toMatch(/^application\/json/);
    expect(count.header('cache-control')).toMatch(/^public, /);
    const body = JSON.parse(count.text) as { total: number; total_relation: string; label: string };
    expect(body.total).toBe(shown(page.text));
    expect(body.label).toMatch(/^Ver \d[\d.]*\+? eventos?$/);
    // The page's own sheet button starts from the same label.
    if (body.total > 0) expect(page.text).toContain(`data-label="${body.label}"`);
  });

  test('the count narrows as choices are added, and filters the page would ignore are ignored alike', async () => {
    const total = async (qs: string) => (JSON.parse((await get('aurora', `/busca.json?${qs}`, 'application/json')).text) as { total: number }).total;
    const all = await total('');
    const cheap = await total('preco=100');
    expect(all).toBe((await api('aurora', 'per_page=1')).meta.total);
    expect(cheap).toBeLessThan(all);
    expect(await total('preco=100&city=Recife')).toBeLessThanOrEqual(cheap);
    for (const qs of ['preco=abc', 'date_from=2026-02-30', 'sort=zzz', 'radius_km=-4&perto=Recife', 'q=' + 'x'.repeat(5000)]) {
      const res = await get('aurora', `/busca.json?${qs}`, 'application/json');
      expect(res.status, qs).toBe(200);
    }
  });

  test('it is read only: another method is a 405 naming GET and HEAD', async () => {
    const res = await request(target.port, '/busca.json?preco=100', { host: `aurora.localhost:${target.port}`, method: 'POST', headers: { accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.header('allow')).toBe('GET, HEAD');
    const head = await request(target.port, '/busca.json?preco=100', { host: `aurora.localhost:${target.port}`, method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  test('without JavaScript the sheet button reads "Ver eventos" and submits the form', async () => {
    const html = (await get('aurora', '/')).text;
    expect(html).toMatch(/<div class="sheet-submit"><button class="button" type="submit" data-label="Ver [\d.]+ eventos">Ver eventos<\/button>/);
    expect(html).toContain('data-count="/busca.json"');
  });
});
