import { describe, expect, test } from 'vitest';
import { viewOf } from '../../e2e/support/event-view';
import { demoRegistry } from '../brand/registry';
import type { EventDetail, EventListItem } from '../catalog/public-schema';
import type { Sector } from '../catalog/event/tickets';
import { eventJsonLd, homeJsonLd, scriptJson } from './json-ld';
import { inlineScriptHashes } from './security-headers';

// Google Search Central, "Event (Event) structured data"
// (developers.google.com/search/docs/appearance/structured-data/event), as of this
// writing. Required: name, startDate, location; a Place needs location.address, a
// VirtualLocation its url. Recommended: description, endDate, eventAttendanceMode,
// eventStatus, image, offers (availability, price — lowPrice on an AggregateOffer —,
// priceCurrency, url, validFrom), organizer (name, url), performer (name),
// previousStartDate (only with eventStatus EventRescheduled).
const REQUIRED = ['name', 'startDate', 'location'] as const;
const RECOMMENDED = ['description', 'endDate', 'eventAttendanceMode', 'eventStatus', 'image', 'offers', 'organizer', 'performer', 'previousStartDate'] as const;
const RECOMMENDED_OFFER = ['availability', 'price', 'priceCurrency', 'url', 'validFrom'] as const;
const RECOMMENDED_ORGANIZER = ['name', 'url'] as const;
// What the catalog does not know, so the markup leaves out rather than invents: no
// performer, no date sales opened, no rescheduling.
const UNKNOWN_TO_THE_CATALOG = new Set(['performer', 'previousStartDate', 'validFrom']);

const ATTENDANCE = ['OfflineEventAttendanceMode', 'OnlineEventAttendanceMode', 'MixedEventAttendanceMode'].map((m) => `https://schema.org/${m}`);
const STATUS = ['EventScheduled', 'EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled'].map((m) => `https://schema.org/${m}`);
const AVAILABILITY = ['InStock', 'SoldOut', 'PreOrder'].map((m) => `https://schema.org/${m}`);
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Ld = Record<string, unknown>;
const brand = demoRegistry(3000).brands[0]!;
const lot = (name: string, total: number, available: boolean) => ({ name, price_cents: total - 500, fee_cents: 500, total_cents: total, available });
const tickets: Sector[] = [
  { name: 'Pista', lots: [lot('1º lote', 8000, false), lot('2º lote', 9000, true)] },
  { name: 'Camarote', lots: [lot('Único', 25000, true)] },
];
const future = new Date(Date.now() + 30 * 86_400_000);
const event = (over: Partial<EventDetail> = {}): EventDetail => ({
  id: 1,
  slug: 'forro-na-praca',
  name: 'Forró na Praça',
  description: '<p>Uma noite de <strong>forró</strong>.</p>',
  starts_at: `${future.toISOString().slice(0, 10)}T21:00:00-03:00`,
  ends_at: `${future.toISOString().slice(0, 10)}T23:30:00-03:00`,
  timezone: 'America/Recife',
  is_online: false,
  is_closed: false,
  url: `${brand.site_url}/eventos/forro-na-praca`,
  images: { banner: `${brand.site_url}/media/events/forro-na-praca/banner.svg`, thumbnail: `${brand.site_url}/media/events/forro-na-praca/thumb.svg` },
  location: { name: 'Praça do Arsenal', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: 'Praça do Arsenal, Recife', latitude: '-8.06', longitude: '-34.87' },
  status: null,
  producer: { slug: 'silva', name: 'Silva Produções' },
  ...over,
});

/** What Google's validator would flag: missing required properties, or recommended ones the catalog could fill. */
function googleEventProblems(ld: Ld): string[] {
  const problems: string[] = [];
  for (const p of REQUIRED) if (ld[p] === undefined) problems.push(`missing required ${p}`);
  if (typeof ld.startDate === 'string' && !ISO_WITH_OFFSET.test(ld.startDate)) problems.push('startDate without a time zone offset');
  const location = ld.location as Ld;
  if (location?.['@type'] === 'Place' && !location.address) problems.push('missing required location.address');
  if (location?.['@type'] === 'VirtualLocation' && !location.url) problems.push('missing required location.url');
  for (const p of RECOMMENDED) if (ld[p] === undefined && !UNKNOWN_TO_THE_CATALOG.has(p)) problems.push(`missing recommended ${p}`);
  if (ld.eventAttendanceMode !== undefined && !ATTENDANCE.includes(ld.eventAttendanceMode as string)) problems.push('eventAttendanceMode not an enumeration value');
  if (ld.eventStatus !== undefined && !STATUS.includes(ld.eventStatus as string)) problems.push('eventStatus not an enumeration value');
  if (ld.previousStartDate !== undefined && ld.eventStatus !== 'https://schema.org/EventRescheduled') problems.push('previousStartDate without EventRescheduled');
  const offers = ld.offers as Ld | undefined;
  if (offers) {
    const all = offers['@type'] === 'AggregateOffer' ? [offers, ...((offers.offers as Ld[]) ?? [])] : [offers];
    for (const [i, o] of all.entries()) {
      for (const p of RECOMMENDED_OFFER) {
        const value = p === 'price' && o['@type'] === 'AggregateOffer' ? o.lowPrice : o[p];
        if (value === undefined && !UNKNOWN_TO_THE_CATALOG.has(p)) problems.push(`offer ${i}: missing recommended ${p}`);
      }
      if (o.availability !== undefined && !AVAILABILITY.includes(o.availability as string)) problems.push(`offer ${i}: availability not an enumeration value`);
    }
  }
  const organizer = ld.organizer as Ld | undefined;
  if (organizer) for (const p of RECOMMENDED_ORGANIZER) if (organizer[p] === undefined) problems.push(`missing recommended organizer.${p}`);
  return problems;
}

describe("event pages: Google's Event rich result properties", () => {
  test('an event with a venue, a producer and tickets has every required and recommended property the catalog knows', () => {
    const ld = eventJsonLd(viewOf(event(), tickets)) as Ld;
    expect(googleEventProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'Event',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      image: [event().images.banner, event().images.thumbnail],
      organizer: { '@type': 'Organization', name: 'Silva Produções', url: `${brand.site_url}/produtores/silva` },
    });
    expect(ld).not.toHaveProperty('performer');
    expect(ld.previousStartDate).toBeUndefined();
  });

  test('status from the catalog: cancelled, postponed, and rescheduled with the start announced before', () => {
    const facts = (event_status: 'cancelled' | 'postponed' | 'rescheduled', previous_starts_at: string | null = null) =>
      ({ category: 'teatro', age_rating: '12', event_status, previous_starts_at }) as const;
    expect((eventJsonLd(viewOf(event(), tickets, facts('cancelled'))) as Ld).eventStatus).toBe('https://schema.org/EventCancelled');
    expect((eventJsonLd(viewOf(event(), tickets, facts('postponed'))) as Ld).eventStatus).toBe('https://schema.org/EventPostponed');
    const moved = eventJsonLd(viewOf(event(), tickets, facts('rescheduled', '2026-11-28T21:00:00-03:00'))) as Ld;
    expect([moved.eventStatus, moved.previousStartDate]).toEqual(['https://schema.org/EventRescheduled', '2026-11-28T21:00:00-03:00']);
    expect(googleEventProblems(moved)).toEqual([]);
  });

  test("accessibility: schema.org's vocabulary terms where one names the feature, plain text otherwise, and the note as a summary", () => {
    const accessibility = { features: ['wheelchair', 'libras', 'audio_description', 'accessible_toilets', 'reserved_seats'] as const, notes: 'Rampa pela entrada lateral' };
    const ld = eventJsonLd(viewOf(event(), tickets, { accessibility: { ...accessibility, features: [...accessibility.features] } })) as Ld;
    expect(ld.accessibilityFeature).toEqual(['Acessível para cadeirantes', 'signLanguage', 'audioDescription', 'Banheiro acessível', 'Assentos reservados']);
    expect(ld.accessibilitySummary).toBe('Rampa pela entrada lateral');
    expect(googleEventProblems(ld)).toEqual([]);
    // Nothing said, nothing stated.
    const none = eventJsonLd(viewOf(event(), tickets)) as Ld;
    expect([none.accessibilityFeature, none.accessibilitySummary]).toEqual([undefined, undefined]);
  });

  test('offers: a range over every lot with fees (sold-out lots included), one offer per lot', () => {
    const offers = (eventJsonLd(viewOf(event(), tickets)) as Ld).offers as Ld;
    expect(offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'BRL', lowPrice: '80.00', highPrice: '250.00', offerCount: 3, availability: 'https://schema.org/InStock' });
    expect((offers.offers as Ld[]).map((o) => [o.name, o.price, o.availability])).toEqual([
      ['Pista: 1º lote', '80.00', 'https://schema.org/SoldOut'],
      ['Pista: 2º lote', '90.00', 'https://schema.org/InStock'],
      ['Camarote: Único', '250.00', 'https://schema.org/InStock'],
    ]);
  });

  test('availability per event state: every lot sold out is SoldOut throughout; closed before the event (paused), OutOfStock but for sold-out lots', () => {
    const soldOut = tickets.map((s) => ({ ...s, lots: s.lots.map((l) => ({ ...l, available: false })) }));
    for (const e of [event(), event({ is_closed: true })]) {
      const offers = (eventJsonLd(viewOf(e, soldOut)) as Ld).offers as Ld;
      expect(offers.availability).toBe('https://schema.org/SoldOut');
      expect(offers.offerCount).toBe(3);
      for (const o of offers.offers as Ld[]) expect(o.availability).toBe('https://schema.org/SoldOut');
    }
    const paused = (eventJsonLd(viewOf(event({ is_closed: true }), tickets)) as Ld).offers as Ld;
    expect(paused.availability).toBe('https://schema.org/OutOfStock');
    const lots = tickets.flatMap((s) => s.lots);
    expect((paused.offers as Ld[]).map((o) => o.availability)).toEqual(lots.map((l) => `https://schema.org/${l.available ? 'OutOfStock' : 'SoldOut'}`));
    expect((eventJsonLd(viewOf(event(), [])) as Ld).offers).toBeUndefined();
  });

  test("offers' url: the purchase address while a ticket can be bought, else the event's page", () => {
    const address = 'https://loja.example/e/show?canal=site';
    const urls = (ld: Ld) => [(ld.offers as Ld).url, ...((ld.offers as Ld).offers as Ld[]).map((o) => o.url)];
    const onSale = eventJsonLd(viewOf(event(), tickets), address) as Ld;
    expect(new Set(urls(onSale))).toEqual(new Set([address]));
    expect(onSale.url).toBe(event().url);
    for (const closed of [eventJsonLd(viewOf(event({ is_closed: true }), tickets), address), eventJsonLd(viewOf(event(), tickets))] as Ld[]) {
      expect(new Set(urls(closed))).toEqual(new Set([event().url]));
    }
  });

  test('an online event: OnlineEventAttendanceMode at a VirtualLocation with a url; no producer, no organizer', () => {
    const online = event({ is_online: true, location: null, producer: null });
    const ld = eventJsonLd(viewOf(online, tickets)) as Ld;
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(ld.location).toEqual({ '@type': 'VirtualLocation', url: online.url });
    expect(ld.organizer).toBeUndefined();
    expect(googleEventProblems(ld)).toEqual(['missing recommended organizer']);
  });

  test('the checker itself flags what is missing', () => {
    expect(googleEventProblems({ name: 'x', location: { '@type': 'Place' }, startDate: '2026-01-01T10:00' })).toEqual(
      expect.arrayContaining(['startDate without a time zone offset', 'missing required location.address', 'missing recommended offers', 'missing recommended image']),
    );
  });

  test('catalog text cannot close the script element', () => {
    const hostile = event({ name: 'Show </script><script>alert(1)</script>', description: '<p>a</p>\u2028b' });
    const json = scriptJson(eventJsonLd(viewOf(hostile, tickets)));
    expect(json).not.toMatch(/<\/?script/i);
    expect(json).not.toContain('\u2028');
    expect((JSON.parse(json) as Ld).name).toBe(hostile.name);
    // A data block is never counted among the inline scripts a page's CSP allows.
    expect(inlineScriptHashes(`<html><head><script type="application/ld+json">${json}</script></head></html>`)).toEqual([]);
  });
});

describe('home page graph', () => {
  const shown = [event(), event({ slug: 'jazz', name: 'Jazz </script> na Lapa', url: `${brand.site_url}/eventos/jazz` })] as unknown as EventListItem[];
  const graph = (homeJsonLd(brand, shown) as { '@graph': Ld[] })['@graph'];
  const node = (type: string) => graph.find((n) => n['@type'] === type)!;

  test('Organization and WebSite of the brand, with a SearchAction to the listing search', () => {
    expect(node('Organization')).toMatchObject({ name: brand.name, url: `${brand.site_url}/` });
    const site = node('WebSite');
    expect(site).toMatchObject({ url: `${brand.site_url}/`, publisher: { '@id': node('Organization')['@id'] } });
    const action = site.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
    expect(action.target.urlTemplate).toBe(`${brand.site_url}/?q={search_term_string}`);
    expect(action['query-input']).toBe('required name=search_term_string');
  });

  test('an ItemList of the events shown, in their order, with their page URLs', () => {
    expect(node('ItemList')).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${brand.site_url}/eventos/forro-na-praca`, name: 'Forró na Praça' },
        { '@type': 'ListItem', position: 2, url: `${brand.site_url}/eventos/jazz`, name: 'Jazz </script> na Lapa' },
      ],
    });
    expect(scriptJson(homeJsonLd(brand, shown))).not.toMatch(/<\/script/i);
  });
});
