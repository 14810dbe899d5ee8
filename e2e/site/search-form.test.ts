import { describe, expect, test } from 'vitest';
import { relativeRange } from '../../lib/catalog/search/relative-dates';
import { request } from '../support/client';
import { targets } from '../api/targets';

// The listing's search form works without JavaScript: a plain GET whose date chips,
// "perto de" and sort the server reads into the API's filters.
describe.each(targets)('search form on $name', (target) => {
  const page = (path: string) => request(target.port, path, { host: `aurora.localhost:${target.port}`, headers: { accept: 'text/html' } });
  // The date and city of each card, as the page prints them.
  const total = (html: string) => Number(/class="summary">(\d+)/.exec(html)?.[1] ?? 0);
  const cards = (html: string) => [...html.matchAll(/<li class="card[\s\S]*?<\/li>/g)].map((m) => m[0]);

  test('the form offers the date chips, a custom range, perto de, a radius and the sort', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    for (const label of ['Hoje', 'Este fim de semana', 'Próximos 7 dias', 'Período']) expect(res.text).toContain(label);
    for (const field of ['name="quando"', 'name="date_from"', 'name="date_to"', 'name="perto"', 'name="radius_km"', 'name="sort"']) expect(res.text).toContain(field);
    const form = /<form[^>]*>/.exec(res.text)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/"');
  });

  test('a chip becomes a date range in the brand time zone, and stays checked', async () => {
    const week = relativeRange('next_7_days', new Date(), 'America/Sao_Paulo');
    const res = await page('/?quando=7-dias');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<input type="radio" name="quando" checked="" value="7-dias"\/>/);
    const api = JSON.parse((await request(target.port, `/api/public/v1/events?date_from=${week.from}&date_to=${week.to}&per_page=20`, { host: `aurora.localhost:${target.port}` })).text);
    expect(api.meta.total).toBeGreaterThan(0);
    expect(total(res.text)).toBe(api.meta.total);
  });

  test('a custom range, and perto de a city sorted by distance', async () => {
    const api = (qs: string) => request(target.port, `/api/public/v1/events?${qs}`, { host: `aurora.localhost:${target.port}` }).then((r) => JSON.parse(r.text));
    const all = await api('per_page=50');
    const day = all.data[5].starts_at.slice(0, 10);
    const custom = await page(`/?quando=periodo&date_from=${day}&date_to=${day}`);
    const expected = await api(`date_from=${day}&date_to=${day}`);
    expect(total(custom.text)).toBe(expected.meta.total);
    expect(custom.text).toContain(`value="${day}"`);

    const near = await page('/?perto=Recife&radius_km=100&sort=distance');
    expect(near.status).toBe(200);
    const found = cards(near.text);
    expect(found.length).toBeGreaterThan(0);
    // Recife's own events come first; nothing online, nothing beyond 100 km (Caruaru is about 120).
    expect(found[0]).toContain('Recife');
    for (const c of found) {
      expect(c).not.toContain('Online');
      expect(c).not.toContain('Caruaru');
    }
    expect(near.text).toMatch(/<option value="distance" selected="">/);
  });

  test('no organizer is listed on the page: one chosen on its page is carried by the form and named in its chip', async () => {
    const home = await page('/');
    expect(home.text).not.toContain('name="organization"');
    const api = (qs: string) => request(target.port, `/api/public/v1/events?${qs}`, { host: `aurora.localhost:${target.port}` }).then((r) => JSON.parse(r.text));
    const first = (await api('per_page=1')).data[0].slug;
    const { producer } = JSON.parse((await request(target.port, `/api/public/v1/events/${first}`, { host: `aurora.localhost:${target.port}` })).text);
    expect(producer?.slug).toBeTruthy();
    // No organizer of the page's first events is an option of the form.
    expect(home.text).not.toContain(`value="${producer.slug}"`);
    const chosen = await page(`/?organization=${producer.slug}`);
    expect(chosen.status).toBe(200);
    expect(chosen.text).toContain(`<input type="hidden" name="organization" value="${producer.slug}"/>`);
    expect(total(chosen.text)).toBe((await api(`organization=${producer.slug}`)).meta.total);
    const chip = /aria-label="Remover filtro: Produtor: ([^"]+)"/.exec(chosen.text)?.[1];
    expect(chip).toBe(producer.name.replace(/&/g, '&amp;'));
  });

  test('bad filter values do not break the page', async () => {
    for (const qs of ['date_from=2026-02-30', 'date_from=2026-12-10&date_to=2026-12-01', 'perto=Atlantida&sort=distance', 'sort=zzz', 'radius_km=-4&perto=Recife']) {
      expect((await page(`/?${qs}`)).status, qs).toBe(200);
    }
  });
});
