import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { viewOf } from '../../e2e/support/event-view';
import type { EventFacts } from '../catalog/listing/cards';
import { eventStateOf, type EventStateKey } from '../catalog/event-state';
import type { Sector } from '../catalog/event/tickets';
import type { EventDetail } from '../catalog/public-schema';
import { eventMarkdown } from '../mcp/event-markdown';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-services';
import { offersCalendar, previewLine, priceCallout, shareImage, showsSchedule, totalLabel } from './event-page';

const lot = (name: string, total: number, available = true) => ({ name, price_cents: total, fee_cents: 0, total_cents: total, available });
const NOW = Date.parse('2026-11-25T12:00:00Z');
const future = { is_closed: false, starts_at: '2026-12-10T22:00:00Z', ends_at: '2026-12-11T01:00:00Z' };
// A state of the given key, from facts that lead to it.
const stateOf = (key: Extract<EventStateKey, 'on_sale' | 'sold_out' | 'paused'>) =>
  eventStateOf(
    { ...future, event_status: 'scheduled', is_closed: key === 'paused', sales_start_at: null, previous_starts_at: null, timezone: null, lots: { any: true, available: key !== 'sold_out' } },
    NOW,
  );

describe('what the event page states', () => {
  test('free events say "Grátis", never "A partir de R$ 0,00 com taxas"', () => {
    const free: Sector[] = [{ name: 'Geral', lots: [lot('Entrada', 0), lot('Entrada 2', 0)] }];
    expect(priceCallout(stateOf('on_sale'), free)).toBe('Grátis');
    expect(totalLabel(0)).toBe('Grátis');
    expect(totalLabel(5280)).toBe('R$ 52,80');
  });

  test('a free lot beside paid ones, and paid lots only', () => {
    const mixed: Sector[] = [{ name: 'Pista', lots: [lot('Social', 0), lot('Inteira', 5280)] }, { name: 'Camarote', lots: [lot('Único', 12000)] }];
    expect(priceCallout(stateOf('on_sale'), mixed)).toBe('Grátis (Social); outros ingressos a partir de R$ 52,80 com taxas');
    const paid: Sector[] = [{ name: 'Pista', lots: [lot('Inteira', 5280), lot('Meia', 2640, false)] }];
    expect(priceCallout(stateOf('on_sale'), paid)).toBe('A partir de R$ 52,80 com taxas (Inteira)');
    expect(priceCallout(stateOf('paused'), paid)).toBeNull();
    expect(priceCallout(stateOf('sold_out'), paid)).toBeNull();
  });

  test('a cancelled event offers no calendar; a postponed one states no date and offers none', () => {
    expect(offersCalendar('scheduled', future, NOW)).toBe(true);
    expect(offersCalendar('rescheduled', future, NOW)).toBe(true);
    expect(offersCalendar('cancelled', future, NOW)).toBe(false);
    expect(showsSchedule('cancelled', future)).toBe(true);
    expect(showsSchedule('postponed', future)).toBe(false);
    expect(offersCalendar('postponed', future, NOW)).toBe(false);
    expect(offersCalendar('scheduled', { ...future, starts_at: '2026-01-01T20:00:00Z', ends_at: null }, NOW)).toBe(false);
    expect(offersCalendar('scheduled', { ...future, starts_at: null }, NOW)).toBe(false);
  });

  test("a link's preview says when and where: the date in the event's zone, the venue and its city", () => {
    const at = { ...future, timezone: 'America/Recife', location: { name: 'Clube Sol Nascente', city: 'Recife', state_abbr: 'PE' } };
    expect(previewLine('scheduled', at)).toBe('qui., 10 de dez. de 2026, 19:00 · Clube Sol Nascente, Recife - PE');
    expect(previewLine('postponed', at)).toBe('Nova data a definir · Clube Sol Nascente, Recife - PE');
    expect(previewLine('scheduled', { ...at, location: null })).toBe('qui., 10 de dez. de 2026, 19:00 · Online');
    expect(previewLine('scheduled', { ...at, location: { name: null, city: 'Olinda', state_abbr: null } })).toBe('qui., 10 de dez. de 2026, 19:00 · Olinda');
  });

  test("a shared link's picture: a bitmap banner as it is; an SVG drawing or none, the picture the site draws", () => {
    expect(shareImage('https://cdn.example/banner.jpg?w=1200', 'show-1')).toEqual({ path: 'https://cdn.example/banner.jpg?w=1200', drawn: false });
    expect(shareImage('/media/events/show-1/banner.svg', 'show-1')).toEqual({ path: '/eventos/show-1/previa.png', width: 1200, height: 630, drawn: true });
    expect(shareImage('https://cdn.example/b.SVG#x', 'show-1').drawn).toBe(true);
    expect(shareImage(null, 'show-1').path).toBe('/eventos/show-1/previa.png');
  });

});

describe('web calendar links', () => {
  const event = {
    name: 'Samba & Choro <ao vivo>',
    description: '<p>Roda de samba com convidados.</p>',
    starts_at: '2026-12-10T22:00:00Z',
    ends_at: null,
    url: 'https://aurora.example/eventos/samba-e-choro',
    location: { name: 'Teatro Municipal', formatted_address: 'Praça Ramos, São Paulo - SP', city: 'São Paulo', state_abbr: 'SP' },
  } as unknown as Parameters<typeof googleCalendarUrl>[0];

  test('Google Calendar: the template form with UTC dates (two hours without an end), place and page', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Samba & Choro <ao vivo>');
    expect(url.searchParams.get('dates')).toBe('20261210T220000Z/20261211T000000Z');
    expect(url.searchParams.get('location')).toBe('Teatro Municipal, Praça Ramos, São Paulo - SP');
    expect(url.searchParams.get('details')).toBe('Roda de samba com convidados.\n\nIngressos e detalhes: https://aurora.example/eventos/samba-e-choro');
  });

  test('Outlook.com: the compose deep link with its own date format and the event end', () => {
    const url = new URL(outlookCalendarUrl({ ...event, ends_at: '2026-12-11T01:30:00Z', location: null }));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('path')).toBe('/calendar/action/compose');
    expect(url.searchParams.get('subject')).toBe('Samba & Choro <ao vivo>');
    expect(url.searchParams.get('startdt')).toBe('2026-12-10T22:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-11T01:30:00Z');
    expect(url.searchParams.get('location')).toBe('Online');
  });

  test('a long description is cut, so the link stays short', () => {
    const long = { ...event, description: `<p>${'palavra '.repeat(2000)}</p>` };
    expect(googleCalendarUrl(long).length).toBeLessThan(1500);
    expect(new URL(outlookCalendarUrl(long)).searchParams.get('body')).toMatch(/…\n\nIngressos e detalhes: /);
  });
});

describe('the event as MCP tools give it to agents, by the same rules', () => {
  const detail = {
    id: 1,
    slug: 'baile-1',
    name: 'Baile',
    description: null,
    starts_at: '2027-03-10T21:00:00-03:00',
    ends_at: null,
    timezone: 'America/Bahia',
    is_online: false,
    is_closed: false,
    url: 'http://aurora.localhost:3000/eventos/baile-1',
    images: { banner: null, thumbnail: null },
    location: null,
    status: null,
    producer: null,
  } as unknown as EventDetail;
  const facts = (event_status: EventFacts['event_status']): EventFacts => ({ category: null, age_rating: null, event_status, previous_starts_at: null, sales_start_at: null });
  const free: Sector[] = [{ name: 'Geral', lots: [lot('Entrada', 0)] }];

  test('a postponed event states no start; a scheduled one does', () => {
    expect(eventMarkdown(viewOf(detail, free, facts('postponed')), demoRegistry(3000).brands[0]!)).not.toContain('Início:');
    expect(eventMarkdown(viewOf(detail, free, facts('scheduled')), demoRegistry(3000).brands[0]!)).toContain('Início:');
  });

  test('free lots say "Grátis"', () => {
    const md = eventMarkdown(viewOf(detail, free, facts('scheduled')), demoRegistry(3000).brands[0]!);
    expect(md).toContain('Menor preço com taxas: Grátis');
    expect(md).toContain('| Grátis |');
  });
});
