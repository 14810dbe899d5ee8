import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { snapshot } from './snapshot-cache';

export type FilterOptions = {
  cities: Array<{ city: string; state: string | null }>;
  states: string[];
  organizers: Array<{ slug: string; name: string }>;
};

/** The values the listing's filters offer: cities, states and organizers with events listed now. */
export function getFilterOptions(brand: Brand): Promise<FilterOptions> {
  return snapshot(`filters|${brand.id}`, () =>
    withDb(async (db) => {
      const now = new Date().toISOString();
      const cities = await db.query<{ city: string; state: string | null }>(
        `SELECT DISTINCT v.city, v.state_abbr AS state FROM events e JOIN venues v ON v.id = e.venue_id
         WHERE e.brand_id = $1 AND e.listed_until >= $2 AND v.city IS NOT NULL ORDER BY v.city`,
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
