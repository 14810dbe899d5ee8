import { fakerPT_BR, type Faker } from '@faker-js/faker';
import type { Brand } from '../brand/schema';
import { CITIES, GENRES, SECTORS, STATUS, TOPICS, VENUE_KINDS, VENUE_NAMES, type City } from './places';
import type { AccessibilityFeature, AgeRating, EventStatus } from '../catalog/categories';
import type { EventRecordInput } from '../catalog/record';
import { toZonedRfc3339, zonedTimeToInstant } from '../catalog/time';
import { demoPurchasePath } from '../site/purchase';

export type DemoOptions = {
  brands: readonly Brand[];
  events: number;
  seed?: number;
  /** Day the demo is built around (UTC midnight); ended events fall before it. */
  anchor?: Date;
};

const DAY = 86_400_000;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function weightedCity(f: Faker): City {
  const total = CITIES.reduce((s, c) => s + c.weight, 0);
  let n = f.number.int({ min: 1, max: total });
  for (const c of CITIES) {
    n -= c.weight;
    if (n <= 0) return c;
  }
  return CITIES[0]!;
}

type Venue = { key: string; name: string; city: string; state: string; state_abbr: string; formatted_address: string; latitude: string; longitude: string };
type Producer = { slug: string; name: string; contact_email: string; commission_rate: number; internal_notes: string };

function makeProducers(f: Faker, brand: Brand, count: number): Producer[] {
  const kinds = ['Produções', 'Eventos', 'Cultural', 'Entretenimento', 'Music', 'Coletivo'];
  const seen = new Set<string>();
  const list: Producer[] = [];
  while (list.length < count) {
    // Names repeat once the pool of surnames runs out: number them then, so any size terminates.
    let name = `${f.person.lastName()} ${f.helpers.arrayElement(kinds)}`;
    if (seen.has(slugify(name))) name = `${name} ${list.length + 1}`;
    const slug = slugify(name);
    seen.add(slug);
    list.push({
      slug,
      name,
      contact_email: `contato@${slug}.example.com`,
      commission_rate: f.number.float({ min: 0.05, max: 0.15, fractionDigits: 4 }),
      internal_notes: `Repasse quinzenal; conta ${brand.id}-${f.string.numeric(6)}`,
    });
  }
  return list;
}

function eventName(f: Faker, online: boolean, city: City): { name: string; genre: string; artist: string } {
  if (online) {
    const topic = f.helpers.arrayElement(TOPICS);
    return { name: `${f.helpers.arrayElement(['Workshop', 'Curso ao vivo', 'Masterclass'])} de ${topic}`, genre: topic, artist: '' };
  }
  const genre = f.helpers.arrayElement(GENRES);
  const artist = f.person.fullName();
  const name = f.helpers.arrayElement([
    `Noite de ${genre} com ${artist}`,
    `Festival de ${genre} de ${city.city}`,
    `${artist} ao vivo`,
    `Baile de ${genre}`,
    `${genre} na Praça`,
    `Stand-up: ${artist}`,
  ]);
  return { name, genre, artist };
}

/**
 * A number in [0, 1) fixed by the seed, the event's position and a salt: what browsing
 * adds to an event (kind, status, age rating, free) is drawn apart from the faker's
 * sequence, so that every other field stays what the same seed always gave.
 */
function draw(seed: number, i: number, salt: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}
const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)]!;

const PLAYS = ['O Auto da Compadecida', 'Hamlet', 'A Megera Domada', 'Vestido de Noiva', 'O Pagador de Promessas', 'Dois Perdidos Numa Noite Suja'];
const KIDS_SHOWS = ['Circo da Alegria', 'O Pequeno Príncipe', 'Palhaços em Festa', 'Contação de Histórias', 'Turma do Sítio'];

type Kind = { name: string; category: string; ages: readonly (AgeRating | null)[] };

const ACCESSIBILITY_NOTES = [
  'Rampa de acesso pela entrada lateral.',
  'Elevador até o mezanino; acompanhante de pessoa com deficiência paga meia-entrada.',
  'Área reservada perto do palco: avise a produção até a véspera.',
  'Cão-guia bem-vindo; equipe de apoio na entrada.',
] as const;

/**
 * What an event offers for access: a venue is accessible to wheelchair users when its
 * description says so (the demo has always said it there), and some events add other
 * features, some with a note; online events may have Libras or audio description.
 */
function accessibilityOf(seed: number, i: number, online: boolean, wheelchair: boolean): { accessibility: AccessibilityFeature[]; accessibility_notes: string | null } {
  const features: AccessibilityFeature[] = [];
  if (online) {
    if (draw(seed, i, 8) < 0.2) features.push('libras');
    if (draw(seed, i, 9) < 0.1) features.push('audio_description');
  } else {
    if (wheelchair) features.push('wheelchair');
    if (draw(seed, i, 8) < 0.12) features.push('libras');
    if (draw(seed, i, 9) < 0.06) features.push('audio_description');
    if (wheelchair && draw(seed, i, 10) < 0.5) features.push('accessible_toilets');
    if (wheelchair && draw(seed, i, 11) < 0.3) features.push('reserved_seats');
  }
  const note = features.length > 0 && !online && draw(seed, i, 12) < 0.25 ? pick(ACCESSIBILITY_NOTES, draw(seed, i, 13)) : null;
  return { accessibility: features, accessibility_notes: note };
}

/** The kind of a physical event: most keep the name drawn; some are plays, children's shows, sports or food. */
function kindOf(drawn: string, artist: string, city: City, r: number, r2: number): Kind {
  if (r < 0.05) return { name: `${pick(PLAYS, r2)}, com ${artist}`, category: 'teatro', ages: ['livre', '10', '12', '14'] };
  if (r < 0.09) return { name: `${pick(KIDS_SHOWS, r2)}: espetáculo infantil`, category: 'infantil', ages: ['livre'] };
  if (r < 0.12) return { name: r2 < 0.5 ? `Corrida de Rua ${city.city} ${r2 < 0.25 ? 5 : 10}K` : `Copa ${city.city} de Vôlei de Praia`, category: 'esportes', ages: ['livre'] };
  if (r < 0.15) return { name: r2 < 0.5 ? `Feira Gastronômica de ${city.city}` : `Degustação de Vinhos com ${artist}`, category: 'gastronomia', ages: r2 < 0.5 ? ['livre'] : ['18'] };
  if (drawn.startsWith('Festival de ')) return { name: drawn, category: 'festivais', ages: ['livre', '14', '16', '18'] };
  if (drawn.startsWith('Baile de ')) return { name: drawn, category: 'festas', ages: ['16', '18'] };
  if (drawn.startsWith('Stand-up: ')) return { name: drawn, category: 'stand-up', ages: ['14', '16', '18'] };
  return { name: drawn, category: 'shows', ages: ['livre', '12', '14', '16', '18'] };
}

function description(f: Faker, name: string, genre: string, city: City | null, producer: Producer): string {
  const place = city ? `em <strong>${city.city}</strong>` : '<strong>online</strong>, ao vivo';
  const items = f.helpers.arrayElements(
    ['Abertura dos portões 1 hora antes', 'Classificação: 16 anos', 'Meia-entrada conforme a lei', 'Acessível para cadeirantes', 'Estacionamento no local', 'Certificado de participação'],
    { min: 2, max: 4 },
  );
  return [
    `<p>${name}: uma experiência de <em>${genre}</em> ${place}.</p>`,
    `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`,
    `<p>Realização: ${producer.name}.</p>`,
  ].join('');
}

function sectors(f: Faker, online: boolean): NonNullable<EventRecordInput['sectors']> {
  const chosen = online ? [{ name: 'Acesso online', base: 3000 }] : f.helpers.arrayElements(SECTORS, { min: 1, max: 3 });
  return chosen.map((s) => {
    const lots = f.number.int({ min: 1, max: 3 });
    return {
      name: s.name,
      lots: Array.from({ length: lots }, (_, i) => {
        const price = Math.round((s.base * (1 + i * 0.2) * f.number.float({ min: 0.8, max: 1.3 })) / 100) * 100;
        return {
          name: `${i + 1}º lote`,
          price_cents: price,
          fee_cents: Math.round(price * 0.1),
          available: i === lots - 1 || f.datatype.boolean(0.3),
        };
      }),
    };
  });
}

/** The same tickets at no cost. */
const freeOf = (list: NonNullable<EventRecordInput['sectors']>) =>
  list.map((sector) => ({ ...sector, lots: sector.lots.map((l) => ({ ...l, price_cents: 0, fee_cents: 0 })) }));

/** The same tickets, every lot sold out when the event is. */
const soldOutOf = (soldOut: boolean, list: NonNullable<EventRecordInput['sectors']>) =>
  soldOut ? list.map((sector) => ({ ...sector, lots: sector.lots.map((l) => ({ ...l, available: false })) })) : list;

/**
 * The demo catalog as import lines. The same seed, anchor and size always give the
 * same lines. Events are spread over the brands in turn.
 */
export function* generateDemo(options: DemoOptions): Generator<EventRecordInput> {
  const f = fakerPT_BR;
  f.seed(options.seed ?? 20261123);
  const anchorDay = options.anchor ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  const perBrandProducers = Math.max(12, Math.ceil(options.events / options.brands.length / 8));
  const producers = new Map(options.brands.map((b) => [b.id, makeProducers(f, b, perBrandProducers)]));

  // A venue is one place: every event at a key gets the address drawn for its first.
  const venues = new Map<string, Venue>();
  const placeVenue = (brand: string, drawn: Venue): Venue => {
    const id = `${brand}/${drawn.key}`;
    const known = venues.get(id);
    if (known) return known;
    venues.set(id, drawn);
    return drawn;
  };
  for (let i = 0; i < options.events; i++) {
    const brand = options.brands[i % options.brands.length]!;
    const producer = f.helpers.arrayElement(producers.get(brand.id)!);
    const online = f.datatype.boolean(0.1);
    const city = online ? null : weightedCity(f);
    const tz = city?.tz ?? 'America/Sao_Paulo';
    const drawn = eventName(f, online, city ?? CITIES[0]!);
    const seed = options.seed ?? 20261123;
    const kind: Kind = online
      ? { name: drawn.name, category: 'cursos-e-workshops', ages: ['livre'] }
      : kindOf(drawn.name, drawn.artist, city!, draw(seed, i, 1), draw(seed, i, 2));
    const { name } = kind;
    const genre = kind.category === 'shows' || kind.category === 'festas' || kind.category === 'festivais' || online ? drawn.genre : kind.name;
    // About one in ten has no age rating given.
    const ageRating = draw(seed, i, 3) < 0.1 ? null : pick(kind.ages, draw(seed, i, 4));
    const ended = f.datatype.boolean(0.15);
    const dayOffset = ended ? -f.number.int({ min: 2, max: 120 }) : f.number.int({ min: 0, max: 240 });
    const day = new Date(anchorDay.getTime() + dayOffset * DAY).toISOString().slice(0, 10);
    const hour = f.helpers.arrayElement(['14:00', '19:00', '20:00', '21:00', '21:30', '22:00']);
    const start = zonedTimeToInstant(`${day}T${hour}:00`, tz);
    const hasEnd = f.datatype.boolean(0.85);
    const end = hasEnd ? new Date(start.getTime() + f.number.int({ min: 2, max: 8 }) * 3_600_000) : null;
    const soldOut = !ended && f.datatype.boolean(0.1);
    const paused = !ended && !soldOut && f.datatype.boolean(0.03);
    // A few events still to come are cancelled, postponed (date to be announced, the old
    // one kept) or rescheduled (moved, with the start announced before).
    const fate = ended ? 1 : draw(seed, i, 5);
    const eventStatus: EventStatus = fate < 0.02 ? 'cancelled' : fate < 0.035 ? 'postponed' : fate < 0.055 ? 'rescheduled' : 'scheduled';
    const previousStart = eventStatus === 'rescheduled' ? new Date(start.getTime() - (7 + Math.floor(draw(seed, i, 6) * 30)) * DAY) : null;
    // A few scheduled events at least ten days away open their sales later: at 10:00 on a
    // day from tomorrow to a month ahead, before they start (closed for sale until then).
    const salesStart =
      eventStatus === 'scheduled' && !ended && !soldOut && !paused && dayOffset >= 10 && draw(seed, i, 8) < 0.05
        ? zonedTimeToInstant(`${new Date(anchorDay.getTime() + (1 + Math.floor(draw(seed, i, 9) * Math.min(dayOffset - 1, 30))) * DAY).toISOString().slice(0, 10)}T10:00:00`, tz)
        : null;
    // About one in twenty-five is free.
    const free = draw(seed, i, 7) < 0.04;
    const cancelled = eventStatus === 'cancelled';
    const base = slugify(name);
    const where = city && !base.includes(slugify(city.city)) ? `-${slugify(city.city)}` : '';
    const slug = `${base.slice(0, 120)}${where}-${i + 1}`;
    const venueKind = f.helpers.arrayElement(VENUE_KINDS);
    const venueName = `${venueKind} ${f.helpers.arrayElement(VENUE_NAMES)}`;
    const media = `/media/events/${slug}`;
    // About three in four are sold on a purchase page of the brand's own site, the demo's
    // stand-in for a ticket shop (app/comprar/[slug]); the others have no address, and their
    // page says how to buy instead.
    const sold = draw(seed, i, 14) < 0.75;
    const text = description(f, name, genre, city, producer).replace(
      'Classificação: 16 anos',
      ageRating === null ? 'Classificação a confirmar' : `Classificação: ${ageRating === 'livre' ? 'livre' : `${ageRating} anos`}`,
    );

    yield {
      brand: brand.id,
      slug,
      name,
      description: text,
      status: ended ? STATUS.ended : cancelled ? STATUS.cancelled : soldOut ? STATUS.soldOut : paused ? STATUS.paused : salesStart ? STATUS.soon : STATUS.active,
      category: kind.category,
      age_rating: ageRating,
      event_status: eventStatus,
      previous_starts_at: previousStart ? toZonedRfc3339(previousStart, tz) : null,
      sales_start_at: salesStart ? toZonedRfc3339(salesStart, tz) : null,
      ...accessibilityOf(seed, i, online, text.includes('<li>Acessível para cadeirantes</li>')),
      starts_at: toZonedRfc3339(start, tz),
      ends_at: end ? toZonedRfc3339(end, tz) : null,
      timezone: tz,
      is_online: online,
      is_closed: ended || soldOut || paused || cancelled || salesStart !== null,
      images: { banner: `${media}/banner.svg`, thumbnail: `${media}/thumbnail.svg` },
      purchase_url: sold ? new URL(demoPurchasePath(slug), brand.site_url).toString() : null,
      venue: city
        ? placeVenue(brand.id, {
            key: slugify(`${venueName}-${city.city}`),
            name: venueName,
            city: city.city,
            state: city.state,
            state_abbr: city.abbr,
            formatted_address: `${f.location.street()}, ${f.number.int({ min: 10, max: 3000 })} - ${city.city} - ${city.abbr}`,
            latitude: (city.lat + f.number.float({ min: -0.05, max: 0.05, fractionDigits: 6 })).toFixed(6),
            longitude: (city.lng + f.number.float({ min: -0.05, max: 0.05, fractionDigits: 6 })).toFixed(6),
          })
        : null,
      producer,
      // A sold-out event has every lot sold out; a paused one keeps lots that were still for sale.
      sectors: soldOutOf(soldOut, free ? freeOf(sectors(f, online)) : sectors(f, online)),
      internal_notes: `Margem negociada ${f.number.int({ min: 5, max: 20 })}%`,
    };
  }
}
