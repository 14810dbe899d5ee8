import { fakerPT_BR, type Faker } from '@faker-js/faker';
import type { Brand } from '../brand/schema';
import type { EventStatus } from '../catalog/categories';
import type { EventRecordInput } from '../catalog/record';
import { toZonedRfc3339, zonedTimeToInstant } from '../catalog/time';
import { demoPurchasePath } from '../site/purchase';
import { draw, pick, slugify } from './draws';
import { accessibilityOf, description, eventName, kindOf, type Kind } from './kinds';
import { CITIES, STATUS, VENUE_KINDS, VENUE_NAMES, type City } from './places';
import { makeProducers } from './producers';
import { freeOf, sectors, soldOutOf } from './tickets';

export type DemoOptions = {
  brands: readonly Brand[];
  events: number;
  seed?: number;
  /** Day the demo is built around (UTC midnight); ended events fall before it. */
  anchor?: Date;
};

const DAY = 86_400_000;

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
