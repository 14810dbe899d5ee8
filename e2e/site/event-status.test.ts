import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';
import type { EventRecordInput } from '../../lib/catalog/record';
import { request } from '../support/client';
import { api, type Detail } from '../api/helpers';
import { targets } from '../api/targets';

// Event status, category and age rating as a person and an agent read them: the page says
// prominently when an event is cancelled, postponed or rescheduled (with the start
// announced before), its JSON-LD says eventStatus and previousStartDate, its Markdown
// says the same, and a cancelled event sells nothing. Slugs and statuses of the demo do not
// depend on the day it is built around, so the records name the events to look at; their
// dates do (the server may have built its demo the day before, if the run crosses midnight
// UTC), so a start is read from the server's API, and only the gap between the previous and
// the new start, the same whatever the day, is taken from the record.

const demo = [...generateDemo({ brands: demoRegistry(3000).brands, events: 720 })];
const upcoming = (r: EventRecordInput) => Date.parse(r.starts_at!) > Date.now() + 86_400_000;
const pick = (status: string) => demo.find((r) => r.event_status === status && upcoming(r))!;
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);

describe.each(targets)('event status on $name', (target) => {
  const page = (r: EventRecordInput, accept = 'text/html') =>
    request(target.port, `/eventos/${r.slug}`, { host: `${r.brand}.localhost:${target.port}`, headers: { accept } });

  test('a cancelled event: said first, EventCancelled, no purchase, in HTML and Markdown', async () => {
    const r = pick('cancelled');
    const html = await page(r);
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/class="event-status event-status-cancelled" role="status"><strong>Evento cancelado/);
    expect(html.text).not.toContain('Comprar ingressos');
    expect(jsonLd(html.text).eventStatus).toBe('https://schema.org/EventCancelled');
    const md = await page(r, 'text/markdown');
    expect(md.text).toMatch(/\*\*Evento cancelado: não acontecerá e nenhum ingresso está à venda\.\*\*/);
    expect(md.text.indexOf('Evento cancelado')).toBeLessThan(md.text.indexOf('Início'));
  });

  test('a rescheduled event: the new start and the one announced before, previousStartDate in JSON-LD', async () => {
    const r = pick('rescheduled');
    const html = await page(r);
    expect(html.text).toContain('Evento remarcado para a data abaixo; estava marcado para');
    const ld = jsonLd(html.text);
    expect(ld.eventStatus).toBe('https://schema.org/EventRescheduled');
    const served = (await api(target, `/events/${r.slug}`, { brand: r.brand })).json() as Detail;
    const gap = Date.parse(r.starts_at!) - Date.parse(r.previous_starts_at!);
    expect(gap).toBeGreaterThan(0);
    expect(Date.parse(ld.startDate)).toBe(Date.parse(served.starts_at!));
    expect(Date.parse(ld.previousStartDate)).toBe(Date.parse(served.starts_at!) - gap);
  });

  test('a postponed event: the date is to be announced', async () => {
    const r = pick('postponed');
    const html = await page(r);
    expect(html.text).toContain('Evento adiado: a nova data ainda será anunciada');
    expect(jsonLd(html.text).eventStatus).toBe('https://schema.org/EventPostponed');
    expect((await page(r, 'text/markdown')).text).toContain('**Evento adiado: a nova data ainda será anunciada');
  });

  test('category and age rating on the page, the category a link to its events', async () => {
    const r = demo.find((x) => x.category === 'teatro' && x.age_rating && x.age_rating !== 'livre' && upcoming(x))!;
    const html = await page(r);
    expect(html.text).toContain('<a href="/categoria/teatro">Teatro e espetáculos</a>');
    expect(html.text).toContain(`${r.age_rating} anos`);
    const md = await page(r, 'text/markdown');
    expect(md.text).toContain('Teatro e espetáculos');
    expect(md.text).toContain(`${r.age_rating} anos`);
  });

  test('a scheduled event says nothing about status and stays EventScheduled', async () => {
    const r = demo.find((x) => x.event_status === 'scheduled' && upcoming(x))!;
    const html = await page(r);
    // In the page's markup (its inline stylesheet names every class).
    expect(html.text.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')).not.toContain('event-status');
    expect(jsonLd(html.text).eventStatus).toBe('https://schema.org/EventScheduled');
    expect(jsonLd(html.text)).not.toHaveProperty('previousStartDate');
  });
});
