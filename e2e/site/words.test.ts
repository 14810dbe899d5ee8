import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { targets } from '../api/targets';

// What the listing makes of people's words: a place said becomes its chip, "você quis
// dizer" comes first with the catalog's accents, and an empty search offers ways out
// with their counts.
describe.each(targets)('words on the listing on $name', (target) => {
  const page = (path: string) => request(target.port, encodeURI(path), { host: `aurora.localhost:${target.port}`, headers: { accept: 'text/html' } });
  const total = (html: string) => Number(/class="summary">([\d.]+)/.exec(html)?.[1]?.replace(/\./g, '') ?? 0);
  const chips = (html: string) => [...html.matchAll(/aria-label="Remover filtro: ([^"]+)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"'));
  const chipHref = (html: string, label: string) => new RegExp(`href="([^"]+)" aria-label="Remover filtro: ${label}"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
  const ways = (html: string) =>
    [...html.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a> \((?:<!-- -->)?([\d.]+\+?) eventos?(?:<!-- -->)?\)<\/li>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, '&'), label: m[2]!, count: Number(m[3]!.replace(/\D/g, '')) }));

  test("the review's sentence: a city chip, a date chip and the words that say what", async () => {
    const res = await page('/?q=Quero um show de samba em Recife neste fim de semana');
    expect(res.status).toBe(200);
    expect(chips(res.text)).toEqual(['“show de samba”', 'Recife', 'Este fim de semana']);
    expect(res.text).toContain('value="show de samba"');
    // Found nothing: something to try, with its count, all the same.
    if (total(res.text) === 0) expect(ways(res.text).length).toBeGreaterThan(0);
    // Without the date chip: Recife stays a filter, and no place-only match comes first.
    const href = chipHref(res.text, 'Este fim de semana')!;
    expect(href).toContain('city=Recife');
    const next = await page(href);
    expect(chips(next.text)).toEqual(['“show de samba”', 'Recife']);
    const first = /<li class="card[\s\S]*?<\/li>/.exec(next.text)?.[0];
    if (first) expect(first).toMatch(/samba/i);
    else expect(ways(next.text).map((w) => w.label)).toContain('Em todas as cidades');
  });

  test('states by name or abbreviation are the state chip', async () => {
    expect(chips((await page('/?q=frevo em Pernambuco')).text)).toEqual(['“frevo”', 'Estado: PE']);
    expect(chips((await page('/?q=jazz SP')).text)).toEqual(['“jazz”', 'Estado: SP']);
  });

  test('"você quis dizer" comes first, above the form and the results, with the catalog\'s accents', async () => {
    const res = await page('/?q=forro salvadro');
    const said = /<p class="did-you-mean">Você quis dizer: <a href="([^"]+)">([^<]+)<\/a>\?<\/p>/.exec(res.text.replace(/<!-- -->/g, ''));
    expect(said?.[2]).toBe('forró salvador');
    const at = res.text.indexOf('class="did-you-mean"');
    expect(at).toBeGreaterThan(res.text.indexOf('<h1'));
    expect(at).toBeLessThan(res.text.indexOf('<form'));
    expect(at).toBeLessThan(res.text.indexOf('<li class="card'));
  });

  test('an impossible search offers the categories and cities of the catalog with their counts, and one "Limpar filtros"', async () => {
    const res = await page('/?q=zumbalanga quântica');
    expect(res.status).toBe(200);
    const offered = ways(res.text);
    const categories = offered.filter((w) => w.href.startsWith('/categoria/'));
    const cities = offered.filter((w) => w.href.startsWith('/eventos-em/'));
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(cities.length).toBeGreaterThanOrEqual(3);
    const category = categories[0]!;
    expect(total((await page(`/?category=${category.href.split('/').pop()}`)).text)).toBe(category.count);
    expect(res.text.match(/Limpar filtros/g)).toHaveLength(1);
    expect(res.text).not.toContain('Sem as palavras');
  });

  test('a search with a place and words that find nothing there: without each, in other cities, each with its count', async () => {
    const res = await page('/?q=samba&city=Recife');
    expect(total(res.text)).toBe(0);
    const offered = ways(res.text);
    const everywhere = offered.find((w) => w.label === 'Em todas as cidades')!;
    expect(everywhere.count).toBe(total((await page('/?q=samba')).text));
    const noWords = offered.find((w) => w.label === 'Sem as palavras “samba”')!;
    expect(noWords.count).toBe(total((await page('/?city=Recife')).text));
    const other = offered.find((w) => w.label.startsWith('Em ') && w.label !== 'Em todas as cidades' && w.label !== 'Em qualquer data')!;
    expect(other.count).toBe(total((await page(other.href)).text));
    expect(other.count).toBeGreaterThan(0);
  });
});
