import { describe, expect, test } from 'vitest';
import { viewOf } from '../../e2e/support/event-view';
import type { EventDetail } from '../catalog/public-schema';
import type { Sector } from '../catalog/event/tickets';
import { demoRegistry } from '../brand/registry';
import { eventMarkdown } from '../mcp/event-markdown';
import { eventCalendar } from './icalendar';
import { eventJsonLd } from './json-ld';
import { oneLine, plainText, summary } from './text';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const lot = (name: string, total: number, available: boolean) => ({ name, price_cents: total - 100, fee_cents: 100, total_cents: total, available });
const sectors = (...avail: boolean[]): Sector[] => [{ name: 'Pista', lots: avail.map((a, i) => lot(`${i + 1}º lote`, 5000 + i * 1000, a)) }];

const event = (over: Partial<EventDetail> = {}): EventDetail => ({
  id: 1,
  slug: 'baile-1',
  name: 'Baile, o grande',
  description: '<p>Uma noite <strong>longa</strong>, com forró.</p><ul><li>Meia-entrada</li><li>Bar</li></ul>',
  starts_at: '2026-12-05T21:00:00-03:00',
  ends_at: null,
  timezone: 'America/Recife',
  is_online: false,
  is_closed: false,
  url: 'http://aurora.localhost:3000/eventos/baile-1',
  images: { banner: 'http://aurora.localhost:3000/media/events/baile-1/banner.svg', thumbnail: null },
  location: { name: 'Arena', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: 'Rua A, 1', latitude: null, longitude: null },
  status: null,
  producer: { slug: 'silva', name: 'Silva Produções' },
  ...over,
}) as EventDetail;

describe('JSON-LD and tool Markdown follow the event state', () => {
  test('paused with lots flagged available: OutOfStock, no à venda, prices labelled as information', () => {
    const paused = event({ is_closed: true });
    const ld = eventJsonLd(viewOf(paused, sectors(true, true))) as { offers: { availability: string; offers: Array<{ availability: string }> } };
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
    for (const offer of ld.offers.offers) expect(offer.availability).toBe('https://schema.org/OutOfStock');
    const md = eventMarkdown(viewOf(paused, sectors(true, false)), demoRegistry(3000).brands[0]!);
    expect(md).not.toMatch(/à venda \||Menor preço|A partir de/i);
    expect(md).toContain('apenas para informação');
    expect(md).toContain('| Esgotado |');
    expect(md).toContain('| Vendas pausadas |');
    expect(md).toContain('**Vendas pausadas: no momento nenhum ingresso está à venda, mas as vendas podem voltar.');
    expect(md).toContain('Situação: Vendas pausadas\n');
  });
  test('on sale: InStock, the range over every lot with fees (the sold-out one too), each lot its own availability', () => {
    const ld = eventJsonLd(viewOf(event(), sectors(false, true))) as { offers: { availability: string; offers: Array<{ availability: string; price: string }> } };
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', availability: 'https://schema.org/InStock', lowPrice: '50.00', highPrice: '60.00', offerCount: 2 });
    expect(ld.offers.offers.map((o) => [o.price, o.availability])).toEqual([
      ['50.00', 'https://schema.org/SoldOut'],
      ['60.00', 'https://schema.org/InStock'],
    ]);
  });
  test('each state its schema.org terms: status and availability, validFrom before sales open', () => {
    const ld = (e: EventDetail, s: Sector[], facts: Parameters<typeof viewOf>[2] = {}) =>
      eventJsonLd(viewOf(e, s, facts)) as { eventStatus: string; offers?: { availability: string; validFrom?: string } };
    const future = { starts_at: '2099-12-05T21:00:00-03:00' };
    expect(ld(event(future), sectors(false, false)).offers?.availability).toBe('https://schema.org/SoldOut');
    expect(ld(event({ starts_at: '2020-01-05T21:00:00-03:00' }), sectors(true)).offers?.availability).toBe('https://schema.org/Discontinued');
    const cancelled = ld(event(future), sectors(true), { event_status: 'cancelled' });
    expect(cancelled).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled', offers: { availability: 'https://schema.org/Discontinued' } });
    expect(ld(event(future), sectors(true), { event_status: 'postponed' }).eventStatus).toBe('https://schema.org/EventPostponed');
    const moved = ld(event(future), sectors(true), { event_status: 'rescheduled', previous_starts_at: '2099-11-05T21:00:00-03:00' });
    expect(moved).toMatchObject({ eventStatus: 'https://schema.org/EventRescheduled', offers: { availability: 'https://schema.org/InStock' } });
    const early = ld(event(future), sectors(true), { sales_start_at: '2099-10-01T10:00:00-03:00' });
    expect(early).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', offers: { availability: 'https://schema.org/PreOrder', validFrom: '2099-10-01T10:00:00-03:00' } });
  });
});

describe('plain text', () => {
  test('no space before punctuation, none at the ends, list items as sentences', () => {
    expect(plainText('<p>Uma noite <strong>longa</strong> , com <em>forró</em> .</p>')).toBe('Uma noite longa, com forró.');
    expect(oneLine(plainText(event().description))).toBe('Uma noite longa, com forró. Meia-entrada. Bar.');
    expect(summary('<p>a&amp;b &lt;c&gt; </p>')).toBe('a&b <c>.');
  });
  test('a long text is cut at a word, with an ellipsis and no trailing space', () => {
    const s = summary(`<p>${'palavra '.repeat(40)}</p>`, 50);
    expect(s.length).toBeLessThanOrEqual(50);
    expect(s).toMatch(/palavra…$/);
  });
});

describe('iCalendar file', () => {
  const brand = demoRegistry(3000).brands[0]!;
  const text = eventCalendar(brand, event({ name: 'Baile, o grande; com "aspas" e um nome bem comprido que passa de setenta e cinco octetos' }), null, new Date('2026-11-23T00:00:00Z'))!;
  test('one VEVENT with UTC times, summary, location, URL and plain description', () => {
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded).toContain('\r\nDTSTART:20261206T000000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20261206T020000Z\r\n'); // no end: two hours
    expect(unfolded).toContain('\r\nDTSTAMP:20261123T000000Z\r\n');
    expect(unfolded).toContain('SUMMARY:Baile\\, o grande\\; com "aspas"');
    expect(unfolded).toContain('LOCATION:Arena\\, Rua A\\, 1\r\n');
    expect(unfolded).toMatch(/\r\nURL[^:]*:http:\/\/aurora\.localhost:3000\/eventos\/baile-1\r\n/);
    expect(unfolded).toContain('DESCRIPTION:Uma noite longa\\, com forró.\\nMeia-entrada\\nBar');
    expect(unfolded).not.toMatch(/<|&amp;/);
  });
  test('CRLF only, and every line folded to at most 75 octets', () => {
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });
  test('no start date, no file', () => {
    expect(eventCalendar(brand, event({ starts_at: null }))).toBeNull();
  });
});
