import type { Faker } from '@faker-js/faker';
import type { Brand } from '../brand/schema';
import { slugify } from './draws';

// The demo's producers: a pool per brand, each with the internal fields the API never shows.

export type Producer = { slug: string; name: string; contact_email: string; commission_rate: number; internal_notes: string };

export function makeProducers(f: Faker, brand: Brand, count: number): Producer[] {
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
