import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { ACCESSIBILITY_FEATURES, AGE_RATINGS, CATEGORY_SLUGS, EVENT_STATUSES } from '../catalog/categories';
import { slugify } from './draws';
import { generateDemo } from './generate';
import { CITIES } from './places';
import { eventRecord, type EventRecordInput } from '../catalog/record';
import { toZonedRfc3339 } from '../catalog/time';

const brands = demoRegistry(3000).brands;
const anchor = new Date('2026-11-23T00:00:00Z');
const demo = [...generateDemo({ brands, events: 600, anchor })];

describe('demo catalog', () => {
  test('the same seed, anchor and size give the same lines; another seed does not', () => {
    expect(JSON.stringify([...generateDemo({ brands, events: 600, anchor })])).toBe(JSON.stringify(demo));
    expect(JSON.stringify([...generateDemo({ brands, events: 600, anchor, seed: 1 })])).not.toBe(JSON.stringify(demo));
  });

  test('every line is a valid import record, slugs are unique per brand', () => {
    for (const r of demo) expect(eventRecord.safeParse(r).success, r.slug).toBe(true);
    const keys = demo.map((r) => `${r.brand}/${r.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('three brands, real cities with accents, several time zones', () => {
    expect(new Set(demo.map((r) => r.brand))).toEqual(new Set(['aurora', 'mare', 'sertao']));
    const cities = new Set(demo.map((r) => r.venue?.city));
    for (const c of ['São Paulo', 'Florianópolis', 'Goiânia', 'Belém']) expect(cities).toContain(c);
    const zones = new Set(demo.map((r) => r.timezone));
    for (const z of ['America/Sao_Paulo', 'America/Manaus', 'America/Recife', 'America/Cuiaba']) expect(zones).toContain(z);
  });

  test('online, closed, ended and open-ended events; Portuguese status labels', () => {
    const online = demo.filter((r) => r.is_online);
    expect(online.length).toBeGreaterThan(0);
    for (const r of online) expect(r.venue).toBeNull();
    const ended = demo.filter((r) => Date.parse((r.ends_at ?? r.starts_at)!) < anchor.getTime());
    expect(ended.length).toBeGreaterThan(30);
    for (const r of ended) expect(r.status).toBe('Encerrado');
    expect(demo.filter((r) => r.is_closed && r.status === 'Esgotado').length).toBeGreaterThan(0);
    expect(demo.filter((r) => r.ends_at === null).length).toBeGreaterThan(0);
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(['Ativo', 'Encerrado', 'Esgotado', 'Vendas pausadas', 'Em breve', 'Cancelado']));
  });

  test('each state of an event is there: sold out (every lot), paused (a lot still for sale), sales opening later', () => {
    const lots = (r: EventRecordInput) => r.sectors!.flatMap((s) => s.lots);
    const soldOut = demo.filter((r) => r.status === 'Esgotado');
    expect(soldOut.length).toBeGreaterThan(5);
    for (const r of soldOut) expect(lots(r).every((l) => l.available === false), r.slug).toBe(true);
    const paused = demo.filter((r) => r.status === 'Vendas pausadas');
    expect(paused.length).toBeGreaterThan(3);
    for (const r of paused) expect(lots(r).some((l) => l.available !== false), r.slug).toBe(true);
    const soon = demo.filter((r) => r.sales_start_at);
    expect(soon.length).toBeGreaterThan(5);
    for (const r of soon) {
      expect([r.status, r.event_status, r.is_closed]).toEqual(['Em breve', 'scheduled', true]);
      expect(Date.parse(r.sales_start_at!)).toBeGreaterThan(anchor.getTime());
      expect(Date.parse(r.sales_start_at!)).toBeLessThan(Date.parse(r.starts_at!));
      expect(toZonedRfc3339(new Date(r.sales_start_at!), r.timezone)).toBe(r.sales_start_at);
    }
  });

  test('every kind of the taxonomy, age ratings, free events and each event status are there', () => {
    expect(new Set(demo.map((r) => r.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(new Set(demo.map((r) => r.age_rating))).toEqual(new Set([...AGE_RATINGS, null]));
    for (const r of demo.filter((x) => x.category === 'infantil')) expect(r.age_rating === 'livre' || r.age_rating === null).toBe(true);
    const free = demo.filter((r) => r.sectors!.every((s) => s.lots.every((l) => l.price_cents === 0 && l.fee_cents === 0)));
    expect(free.length).toBeGreaterThan(5);
    const byStatus = (s: string) => demo.filter((r) => (r.event_status ?? 'scheduled') === s);
    for (const s of EVENT_STATUSES) expect(byStatus(s).length, s).toBeGreaterThan(0);
    for (const r of byStatus('cancelled')) expect([r.is_closed, r.status]).toEqual([true, 'Cancelado']);
    for (const r of byStatus('rescheduled')) expect(Date.parse(r.previous_starts_at!)).toBeLessThan(Date.parse(r.starts_at!));
    for (const r of demo.filter((x) => x.event_status !== 'rescheduled')) expect(r.previous_starts_at).toBeNull();
    // What a record says of its age rating, its description says too.
    for (const r of demo.filter((x) => x.age_rating === '18')) expect(r.description).not.toMatch(/Classificação: (livre|1[0-6] anos)/);
  });

  test('part of the events say what they offer for access, some with a note; a venue said accessible in the description is', () => {
    for (const r of demo.filter((x) => x.is_online)) expect(r.accessibility).not.toContain('wheelchair');
    const offering = demo.filter((r) => (r.accessibility ?? []).length > 0);
    expect(offering.length).toBeGreaterThan(demo.length / 5);
    expect(offering.length).toBeLessThan(demo.length * 0.8);
    expect(new Set(offering.flatMap((r) => r.accessibility))).toEqual(new Set(ACCESSIBILITY_FEATURES));
    expect(offering.filter((r) => r.accessibility_notes).length).toBeGreaterThan(10);
    expect(demo.filter((r) => (r.accessibility ?? []).length === 0 && r.accessibility_notes)).toEqual([]);
    for (const r of demo.filter((x) => !x.is_online)) expect(r.accessibility?.includes('wheelchair'), r.slug).toBe(r.description!.includes('<li>Acessível para cadeirantes</li>'));
    // In the list's order, as the import keeps them.
    for (const r of offering) expect(eventRecord.parse(r).accessibility).toEqual(r.accessibility);
  });

  test('producers run several events; descriptions carry HTML; tickets have prices and fees', () => {
    const perProducer = new Map<string, number>();
    for (const r of demo) perProducer.set(`${r.brand}/${r.producer!.slug}`, (perProducer.get(`${r.brand}/${r.producer!.slug}`) ?? 0) + 1);
    expect([...perProducer.values()].filter((n) => n >= 3).length).toBeGreaterThan(20);
    for (const r of demo) {
      expect(r.description).toMatch(/<p>.*<\/p>/);
      expect(r.sectors!.length).toBeGreaterThan(0);
      const free = r.sectors!.every((s) => s.lots.every((l) => l.price_cents === 0));
      for (const s of r.sectors!) for (const l of s.lots) if (!free) expect(l.price_cents).toBeGreaterThan(l.fee_cents);
    }
    expect(demo.some((r: EventRecordInput) => /forr[oó]/i.test(r.name))).toBe(true);
  });

  test('status and is_closed agree: "Encerrado" exactly for ended events, closed unless "Ativo"', () => {
    const endedAt = (r: EventRecordInput) => Date.parse((r.ends_at ?? r.starts_at)!);
    for (const r of demo) {
      expect(r.status === 'Encerrado', r.slug).toBe(endedAt(r) < anchor.getTime());
      expect(r.is_closed, r.slug).toBe(r.status !== 'Ativo');
    }
    expect(demo.filter((r) => r.is_closed && r.status === 'Vendas pausadas').length).toBeGreaterThan(0);
  });

  test('every instant is written in its own zone\'s offset and ends after it starts', () => {
    for (const r of demo) {
      const start = new Date(r.starts_at!);
      expect(toZonedRfc3339(start, r.timezone), r.slug).toBe(r.starts_at);
      if (r.ends_at) {
        expect(toZonedRfc3339(new Date(r.ends_at), r.timezone), r.slug).toBe(r.ends_at);
        expect(Date.parse(r.ends_at)).toBeGreaterThan(start.getTime());
      }
    }
    // Manaus and Cuiabá are an hour behind São Paulo.
    const offsets = new Map(demo.map((r) => [r.timezone, r.starts_at!.slice(19)]));
    expect(offsets.get('America/Sao_Paulo')).toBe('-03:00');
    expect(offsets.get('America/Recife')).toBe('-03:00');
    expect(offsets.get('America/Manaus')).toBe('-04:00');
    expect(offsets.get('America/Cuiaba')).toBe('-04:00');
  });

  test('a venue\'s city decides the event\'s time zone and state; online events have no venue', () => {
    for (const r of demo) {
      expect(r.is_online, r.slug).toBe(r.venue === null);
      if (!r.venue) continue;
      const city = CITIES.find((c) => c.city === r.venue!.city)!;
      expect(city, r.venue.city!).toBeDefined();
      expect(r.timezone).toBe(city.tz);
      expect(r.venue.state_abbr).toBe(city.abbr);
    }
  });

  test('events are spread over the brands in turn', () => {
    expect(demo.slice(0, 6).map((r) => r.brand)).toEqual(['aurora', 'mare', 'sertao', 'aurora', 'mare', 'sertao']);
    const perBrand = new Map<string, number>();
    for (const r of demo) perBrand.set(r.brand, (perBrand.get(r.brand) ?? 0) + 1);
    expect([...perBrand.values()]).toEqual([200, 200, 200]);
  });

  test('slugify folds accents, case and punctuation into single hyphens', () => {
    expect(slugify('Forró na Praça: São João!')).toBe('forro-na-praca-sao-joao');
    expect(slugify('  --Goiânia--  ')).toBe('goiania');
    expect(slugify('Área VIP & Camarote')).toBe('area-vip-camarote');
  });

  test('starts_at is the local evening hour with the zone offset', () => {
    for (const r of demo.slice(0, 50)) expect(r.starts_at).toMatch(/T(14|19|20|21|22):\d{2}:00[+-]\d{2}:\d{2}$/);
  });

  test('any size terminates, with unique producer slugs', () => {
    const big = [...generateDemo({ brands, events: 30_000, anchor })];
    expect(big).toHaveLength(30_000);
    const producers = new Map(big.map((r) => [`${r.brand}/${r.producer!.slug}`, r.producer!.name]));
    expect(producers.size).toBeGreaterThan(1000);
  });

  test("most events are sold on the demonstration page of their brand's own site, some have no address", () => {
    const sold = demo.filter((r) => r.purchase_url);
    expect(sold.length).toBeGreaterThan(demo.length * 0.6);
    expect(sold.length).toBeLessThan(demo.length * 0.9);
    for (const r of sold) {
      const brand = brands.find((b) => b.id === r.brand)!;
      expect(r.purchase_url).toBe(`${brand.site_url}/comprar/${r.slug}`);
      expect(eventRecord.parse(r).purchase_url).toBe(r.purchase_url);
    }
    // Drawn apart from the event's other facts: events whose sales open later, and events
    // with Libras, come both with an address and without one.
    for (const some of [demo.filter((r) => r.sales_start_at), demo.filter((r) => r.accessibility?.includes('libras'))]) {
      expect(some.some((r) => r.purchase_url)).toBe(true);
      expect(some.some((r) => !r.purchase_url)).toBe(true);
    }
  });
});
