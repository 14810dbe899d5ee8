import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { fold } from './search-terms';
import { snapshot } from './snapshot-cache';

export type FilterOptions = {
  /** With the mean position of their venues, the centre of "perto de <city>". */
  cities: Array<{ city: string; state: string | null; lat: number | null; lng: number | null }>;
  states: string[];
  organizers: Array<{ slug: string; name: string }>;
};

/** The values the listing's filters offer: cities, states and organizers with events listed now. */
export function getFilterOptions(brand: Brand): Promise<FilterOptions> {
  return snapshot(`filters|${brand.id}`, () =>
    withDb(async (db) => {
      const now = new Date().toISOString();
      const cities = await db.query<{ city: string; state: string | null; lat: number | null; lng: number | null }>(
        `SELECT v.city, v.state_abbr AS state, avg(v.latitude)::float8 AS lat, avg(v.longitude)::float8 AS lng
         FROM venues v
         WHERE v.id IN (SELECT DISTINCT e.venue_id FROM events e WHERE e.brand_id = $1 AND e.listed_until >= $2)
           AND v.city IS NOT NULL
         GROUP BY v.city, v.state_abbr ORDER BY v.city`,
        [brand.id, now],
      );
      const organizers = await db.query<{ slug: string; name: string }>(
        `SELECT p.slug, p.name FROM producers p
         WHERE p.brand_id = $1 AND EXISTS (SELECT 1 FROM events e WHERE e.producer_id = p.id AND e.listed_until >= $2)
         ORDER BY p.name`,
        [brand.id, now],
      );
      const states = [...new Set(cities.map((c) => c.state).filter((s): s is string => s !== null))].sort();
      return { cities, states, organizers };
    }),
  );
}

/** The centre of a city of the listing's options (accents and case ignored), or null. */
export function cityCenter(options: FilterOptions, city: string): { lat: number; lng: number } | null {
  const key = fold(city);
  const found = options.cities.find((c) => fold(c.city) === key && c.lat !== null && c.lng !== null);
  return found ? { lat: found.lat!, lng: found.lng! } : null;
}
