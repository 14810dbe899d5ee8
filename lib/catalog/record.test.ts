import { describe, expect, test } from 'vitest';
import { eventRecord } from './record';

// The import format is the one gate in front of the catalog: what it accepts reaches the
// database, so each rule below is a line the importer must refuse or normalize.

const minimal = { brand: 'aurora', slug: 'show-1', name: 'Show' };
const issues = (input: unknown) => {
  const r = eventRecord.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('eventRecord', () => {
  test('a minimal record gets every default', () => {
    expect(eventRecord.parse(minimal)).toEqual({
      brand: 'aurora',
      slug: 'show-1',
      name: 'Show',
      description: null,
      status: null,
      category: null,
      age_rating: null,
      event_status: 'scheduled',
      previous_starts_at: null,
      sales_start_at: null,
      accessibility: [],
      accessibility_notes: null,
      starts_at: null,
      ends_at: null,
      timezone: null,
      is_online: false,
      is_closed: false,
      images: { banner: null, thumbnail: null },
      purchase_url: null,
      venue: null,
      producer: null,
      sectors: [],
      internal_notes: null,
    });
  });

  test('instants keep whole seconds, the precision every surface shows', () => {
    const r = eventRecord.parse({ ...minimal, starts_at: '2027-01-10T20:00:00.987-03:00', ends_at: '2027-01-11T01:30:15.001Z', previous_starts_at: null });
    expect(r.starts_at!.toISOString()).toBe('2027-01-10T23:00:00.000Z');
    expect(r.ends_at!.toISOString()).toBe('2027-01-11T01:30:15.000Z');
  });

  test.each(['Show 1', 'show_1', '-show', 'show-', 'show--1', 'ção', 'SHOW', '', 'a/b', `${'a'.repeat(161)}`])('slug %j is refused', (slug) => {
    expect(issues({ ...minimal, slug })).toEqual([expect.stringMatching(/^slug: /)]);
  });

  test.each(['a', 'show-1', '2026', 'festa-junina-de-caruaru-42', 'a'.repeat(160)])('slug %j is accepted', (slug) => {
    expect(issues({ ...minimal, slug })).toEqual([]);
  });

  test.each(['Mars/Olympus', 'America/Atlantis', 'GMT-3 São Paulo', ''])('timezone %j is refused', (timezone) => {
    expect(issues({ ...minimal, timezone })).toEqual([expect.stringMatching(/^timezone: /)]);
  });

  test('an IANA zone is accepted', () => {
    expect(eventRecord.parse({ ...minimal, timezone: 'America/Cuiaba' }).timezone).toBe('America/Cuiaba');
  });

  test('ends_at before starts_at is refused on ends_at; equal or later, or either missing, is fine', () => {
    const starts_at = '2026-12-05T21:00:00-03:00';
    expect(issues({ ...minimal, starts_at, ends_at: '2026-12-05T20:59:59-03:00' })).toEqual(['ends_at: ends_at is before starts_at']);
    // Same wall clock, other offset: 21:00-03:00 is 00:00Z, 23:00Z is an hour earlier.
    expect(issues({ ...minimal, starts_at, ends_at: '2026-12-05T23:00:00Z' })).toEqual(['ends_at: ends_at is before starts_at']);
    expect(issues({ ...minimal, starts_at, ends_at: starts_at })).toEqual([]);
    expect(issues({ ...minimal, starts_at, ends_at: '2026-12-06T02:00:00-03:00' })).toEqual([]);
    expect(issues({ ...minimal, ends_at: '2026-12-05T20:00:00-03:00' })).toEqual([]);
  });

  test('instants need a date, a time and an offset, and become Dates', () => {
    expect(eventRecord.parse({ ...minimal, starts_at: '2026-12-05T21:00:00-03:00' }).starts_at?.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(eventRecord.parse({ ...minimal, starts_at: '2026-12-06T00:00:00Z' }).starts_at?.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    for (const starts_at of ['2026-12-05 21:00', '2026-12-05T21:00:00', '2026-12-05', 'amanhã', 1_700_000_000]) {
      expect(issues({ ...minimal, starts_at }), String(starts_at)).toEqual([expect.stringMatching(/^starts_at: /)]);
    }
  });

  test.each(['SPX', 'S', 'S1', '', 'São'])('state_abbr %j is refused', (state_abbr) => {
    expect(issues({ ...minimal, venue: { key: 'v', state_abbr } })).toEqual([expect.stringMatching(/^venue\.state_abbr: /)]);
  });

  test('a venue gets defaults; state_abbr is uppercased; blank text becomes null; coordinates may be text', () => {
    expect(eventRecord.parse({ ...minimal, venue: { key: 'teatro-central', state_abbr: 'sp', name: '  ', city: ' Goiânia ', latitude: '-16.686900', longitude: -49.2648 } }).venue).toEqual({
      key: 'teatro-central',
      name: null,
      city: 'Goiânia',
      state: null,
      state_abbr: 'SP',
      formatted_address: null,
      latitude: -16.6869,
      longitude: -49.2648,
    });
    expect(issues({ ...minimal, venue: { key: 'v', latitude: 91 } })).toEqual([expect.stringMatching(/^venue\.latitude: /)]);
    expect(issues({ ...minimal, venue: { key: 'v', longitude: '-181' } })).toEqual([expect.stringMatching(/^venue\.longitude: /)]);
    expect(issues({ ...minimal, venue: { key: 'v', latitude: '12,5' } })).not.toEqual([]);
    expect(issues({ ...minimal, venue: { key: 'Teatro Central' } })).toEqual([expect.stringMatching(/^venue\.key: /)]);
  });

  test('names are trimmed and must not be blank', () => {
    expect(eventRecord.parse({ ...minimal, name: '  Forró  ' }).name).toBe('Forró');
    expect(issues({ ...minimal, name: '   ' })).toEqual([expect.stringMatching(/^name: /)]);
    expect(issues({ brand: 'aurora', slug: 'x' })).toEqual([expect.stringMatching(/^name: /)]);
  });

  test('images are http(s) URLs or site paths, never scripts or other hosts by protocol-relative path', () => {
    const images = (banner: string) => eventRecord.safeParse({ ...minimal, images: { banner } }).success;
    expect(images('https://cdn.example/b.jpg')).toBe(true);
    expect(images('/media/events/show-1/banner.svg')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/x.jpg', 'ftp://x/y', 'banner.jpg', '/with space']) {
      expect(images(bad), bad).toBe(false);
    }
  });

  test('producers: slug and name required, e-mail checked, commission between 0 and 1', () => {
    const producer = { slug: 'silva-eventos', name: 'Silva Eventos' };
    expect(eventRecord.parse({ ...minimal, producer }).producer).toEqual({ ...producer, contact_email: null, commission_rate: null, internal_notes: null });
    expect(issues({ ...minimal, producer: { ...producer, contact_email: 'not-an-email' } })).toEqual([expect.stringMatching(/^producer\.contact_email: /)]);
    expect(issues({ ...minimal, producer: { ...producer, commission_rate: 1.5 } })).toEqual([expect.stringMatching(/^producer\.commission_rate: /)]);
    expect(issues({ ...minimal, producer: { name: 'Sem slug' } })).toEqual([expect.stringMatching(/^producer\.slug: /)]);
  });

  test('tickets: a sector needs lots; prices and fees are whole non-negative cents', () => {
    const lot = { name: '1º lote', price_cents: 5000, fee_cents: 500 };
    expect(eventRecord.parse({ ...minimal, sectors: [{ name: 'Pista', lots: [lot] }] }).sectors).toEqual([{ name: 'Pista', lots: [{ ...lot, available: true }] }]);
    expect(issues({ ...minimal, sectors: [{ name: 'Pista', lots: [] }] })).toEqual([expect.stringMatching(/^sectors\.0\.lots: /)]);
    expect(issues({ ...minimal, sectors: [{ name: 'Pista', lots: [{ ...lot, price_cents: -1 }] }] })).toEqual([expect.stringMatching(/^sectors\.0\.lots\.0\.price_cents: /)]);
    expect(issues({ ...minimal, sectors: [{ name: 'Pista', lots: [{ ...lot, fee_cents: 10.5 }] }] })).toEqual([expect.stringMatching(/^sectors\.0\.lots\.0\.fee_cents: /)]);
  });

  test('category, age rating and event status come from closed lists', () => {
    expect(issues({ ...minimal, category: 'teatro', age_rating: '14', event_status: 'cancelled' })).toEqual([]);
    expect(issues({ ...minimal, category: 'Teatro' })).toEqual([expect.stringMatching(/^category: /)]);
    expect(issues({ ...minimal, category: 'opera' })).toEqual([expect.stringMatching(/^category: /)]);
    expect(issues({ ...minimal, age_rating: 14 })).toEqual([expect.stringMatching(/^age_rating: /)]);
    expect(issues({ ...minimal, age_rating: 'L' })).toEqual([expect.stringMatching(/^age_rating: /)]);
    expect(issues({ ...minimal, event_status: 'canceled' })).toEqual([expect.stringMatching(/^event_status: /)]);
  });

  test("accessibility: features of a closed list, each once in the list's order; a note on one line", () => {
    const read = (input: Record<string, unknown>) => {
      const r = eventRecord.parse({ ...minimal, ...input });
      return [r.accessibility, r.accessibility_notes];
    };
    expect(read({ accessibility: ['reserved_seats', 'libras', 'wheelchair', 'libras'] })).toEqual([['wheelchair', 'libras', 'reserved_seats'], null]);
    expect(read({ accessibility: null, accessibility_notes: '  Rampa\r\n pela entrada\u0000 lateral\t ' })).toEqual([[], 'Rampa pela entrada lateral']);
    expect(read({ accessibility: [], accessibility_notes: ' \n ' })).toEqual([[], null]);
    // An unknown feature refuses the line, as an unknown category does.
    expect(issues({ ...minimal, accessibility: ['wheelchair', 'ramp'] })).toEqual([expect.stringMatching(/^accessibility\.1: /)]);
    expect(issues({ ...minimal, accessibility: ['Wheelchair'] })).toEqual([expect.stringMatching(/^accessibility\.0: /)]);
    expect(issues({ ...minimal, accessibility: 'wheelchair' })).toEqual([expect.stringMatching(/^accessibility: /)]);
    expect(issues({ ...minimal, accessibility_notes: 'x'.repeat(1001) })).toEqual([expect.stringMatching(/^accessibility_notes: /)]);
  });

  test('a previous start belongs to a rescheduled or postponed event', () => {
    const previous_starts_at = '2026-05-01T20:00:00-03:00';
    expect(issues({ ...minimal, event_status: 'rescheduled', previous_starts_at })).toEqual([]);
    expect(issues({ ...minimal, event_status: 'postponed', previous_starts_at })).toEqual([]);
    expect(issues({ ...minimal, previous_starts_at })).toEqual([expect.stringMatching(/^previous_starts_at: /)]);
    expect(issues({ ...minimal, event_status: 'rescheduled', previous_starts_at: 'maio' })).toEqual([expect.stringMatching(/^previous_starts_at: /)]);
  });

  test('flags are booleans, not truthy text', () => {
    expect(issues({ ...minimal, is_online: 'true' })).toEqual([expect.stringMatching(/^is_online: /)]);
    expect(issues({ ...minimal, is_closed: 1 })).toEqual([expect.stringMatching(/^is_closed: /)]);
  });

  test('a line that is not an object is refused', () => {
    for (const input of [null, [], 'x', 42]) expect(eventRecord.safeParse(input).success).toBe(false);
  });

  test('purchase_url: an absolute http(s) address without credentials, kept as given; blank is none', () => {
    const read = (purchase_url: unknown) => eventRecord.parse({ ...minimal, purchase_url }).purchase_url;
    expect(read('https://loja.example/e/show-1?canal=site')).toBe('https://loja.example/e/show-1?canal=site');
    expect(read(' http://aurora.localhost:3000/comprar/show-1 ')).toBe('http://aurora.localhost:3000/comprar/show-1');
    expect(read('')).toBeNull();
    expect(read(null)).toBeNull();
    for (const bad of ['javascript:alert(1)', 'ftp://loja.example/x', '/comprar/show-1', 'loja.example', 'https://user:senha@loja.example/', 42, 'https://loja.example/' + 'x'.repeat(2000)]) {
      expect(issues({ ...minimal, purchase_url: bad }), String(bad)).toEqual([expect.stringMatching(/^purchase_url: /)]);
    }
  });
});
