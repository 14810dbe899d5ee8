import { fakerPT_BR, type Faker } from '@faker-js/faker';
import type { Brand } from '../brand/schema';
import { CITIES, GENRES, SECTORS, STATUS, TOPICS, VENUE_KINDS, VENUE_NAMES, type City } from './demo-places';
import type { EventRecordInput } from './record';
import { toZonedRfc3339, zonedTimeToInstant } from './time';

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

function eventName(f: Faker, online: boolean, city: City): { name: string; genre: string } {
  if (online) {
    const topic = f.helpers.arrayElement(TOPICS);
    return { name: `${f.helpers.arrayElement(['Workshop', 'Curso ao vivo', 'Masterclass'])} de ${topic}`, genre: topic };
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
  return { name, genre };
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
    const { name, genre } = eventName(f, online, city ?? CITIES[0]!);
    const ended = f.datatype.boolean(0.15);
    const dayOffset = ended ? -f.number.int({ min: 2, max: 120 }) : f.number.int({ min: 0, max: 240 });
    const day = new Date(anchorDay.getTime() + dayOffset * DAY).toISOString().slice(0, 10);
    const hour = f.helpers.arrayElement(['14:00', '19:00', '20:00', '21:00', '21:30', '22:00']);
    const start = zonedTimeToInstant(`${day}T${hour}:00`, tz);
    const hasEnd = f.datatype.boolean(0.85);
    const end = hasEnd ? new Date(start.getTime() + f.number.int({ min: 2, max: 8 }) * 3_600_000) : null;
    const soldOut = !ended && f.datatype.boolean(0.1);
    const paused = !ended && !soldOut && f.datatype.boolean(0.03);
    const base = slugify(name);
    const where = city && !base.includes(slugify(city.city)) ? `-${slugify(city.city)}` : '';
    const slug = `${base.slice(0, 120)}${where}-${i + 1}`;
    const venueKind = f.helpers.arrayElement(VENUE_KINDS);
    const venueName = `${venueKind} ${f.helpers.arrayElement(VENUE_NAMES)}`;
    const media = `/media/events/${slug}`;

    yield {
      brand: brand.id,
      slug,
      name,
      description: description(f, name, genre, city, producer),
      status: ended ? STATUS.ended : soldOut ? STATUS.soldOut : paused ? STATUS.paused : STATUS.active,
      starts_at: toZonedRfc3339(start, tz),
      ends_at: end ? toZonedRfc3339(end, tz) : null,
      timezone: tz,
      is_online: online,
      is_closed: ended || soldOut || paused,
      images: { banner: `${media}/banner.svg`, thumbnail: `${media}/thumbnail.svg` },
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
      sectors: sectors(f, online),
      internal_notes: `Margem negociada ${f.number.int({ min: 5, max: 20 })}%`,
    };
  }
}
