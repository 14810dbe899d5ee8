import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import { PREPARED, type Queryable } from '../../db/types';
import { PLACE_KEYS, placesOf } from '../search/resolve';
import { fold, type Places } from '../search/search-terms';
import { snapshot } from '../snapshot-cache';

export type FilterOptions = {
  /** The places a search recognizes in its words (lib/catalog/search/resolve.ts, loadPlaces), read with the options. */
  places: Places;
  /** With the mean position of their venues, the centre of "perto de <city>", and how many events each lists now. */
  cities: Array<{ city: string; state: string | null; lat: number | null; lng: number | null; events: number }>;
  states: string[];
  /** The categories with events listed now, with how many. */
  categories: Array<{ slug: string; events: number }>;
};

const DAY_MS = 86_400_000;

type FacetRow = { facet: 'city' | 'category'; value: string; state: string; events: number };
type OptionRow = { facet: FacetRow['facet'] | 'place'; value: string; state: string; events: number; lat: number | null; lng: number | null };

/** The parameters of FACETS: the brand, today (UTC), now, tomorrow's start, the next month's first day and today's start. */
function facetParams(brandId: string, now: Date): string[] {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  return [brandId, today.toISOString().slice(0, 10), now.toISOString(), tomorrow.toISOString(), nextMonth.toISOString().slice(0, 10), today.toISOString()];
}

// How many events each city and category lists at `now`, from the summary the catalog's
// triggers keep (migrations 011 and 026): the day buckets left in this month after today,
// the month buckets after it, and today's events that have not ended. Those are counted
// from the smaller side of the day, whichever holds fewer events: the events still to end
// today, or today's bucket less the events that have already ended. Most
// events end in the evening and the small hours, so counting only what is left costs
// most just after midnight, and the ended side costs most late in the day. Which side is
// smaller is one count of the day's entries in the listed_until index, and the side's
// events are grouped by venue and by category before their facets are read.
const FACETS = `WITH side AS MATERIALIZED (
       SELECT count(*) FILTER (WHERE e.listed_until < $3) < count(*) FILTER (WHERE e.listed_until >= $3) AS ended_fewer
       FROM events e WHERE e.brand_id = $1 AND e.listed_until >= $6 AND e.listed_until < $4),
     today AS MATERIALIZED (
       SELECT e.venue_id, e.category, CASE WHEN e.listed_until < $3 THEN -1 ELSE 1 END AS n
       FROM events e WHERE e.brand_id = $1
         AND e.listed_until >= CASE WHEN (SELECT ended_fewer FROM side) THEN $6::timestamptz ELSE $3::timestamptz END
         AND e.listed_until < CASE WHEN (SELECT ended_fewer FROM side) THEN $3::timestamptz ELSE $4::timestamptz END)
     SELECT facet, value, state, sum(events)::int AS events FROM (
       SELECT d.facet, d.value, d.state, d.events FROM listed_event_days d
       WHERE d.brand_id = $1 AND d.day > $2::date AND d.day < $5::date AND d.facet IN ('city', 'category')
       UNION ALL
       SELECT d.facet, d.value, d.state, d.events FROM listed_event_days d
       WHERE d.brand_id = $1 AND d.day = $2::date AND d.facet IN ('city', 'category') AND (SELECT ended_fewer FROM side)
       UNION ALL
       SELECT left(d.facet, -6), d.value, d.state, d.events FROM listed_event_days d
       WHERE d.brand_id = $1 AND d.facet IN ('city-month', 'category-month') AND d.day >= $5::date
       UNION ALL
       SELECT f.facet, f.value, f.state, t.n FROM (SELECT venue_id, sum(n) AS n FROM today GROUP BY 1) t,
         listed_facets($1, t.venue_id, NULL, $3) f WHERE f.facet = 'city'
       UNION ALL
       SELECT f.facet, f.value, f.state, t.n FROM (SELECT category, sum(n) AS n FROM today GROUP BY 1) t,
         listed_facets($1, NULL, t.category, $3) f WHERE f.facet = 'category'
     ) t GROUP BY 1, 2, 3 HAVING sum(events) > 0`;

/** How many events each city and category lists at `now` (FACETS). */
export async function readListedFacets(db: Queryable, brandId: string, now: Date): Promise<FacetRow[]> {
  return db.query<FacetRow>(`${FACETS} ORDER BY 2, 3`, facetParams(brandId, now), PREPARED);
}

/**
 * FACETS with each city's centre, the mean position of the brand's venues there (the
 * brand's venues are few next to its events), and the places a search recognizes (facet
 * 'place', PLACE_KEYS): one statement for the listing's options.
 */
export function readFilterOptionRows(db: Queryable, brandId: string, now: Date): Promise<OptionRow[]> {
  return db.query(
    `WITH RECURSIVE ${PLACE_KEYS},
     f AS (${FACETS}),
     c AS (SELECT v.city, coalesce(v.state_abbr, '') AS state, avg(v.latitude)::float8 AS lat, avg(v.longitude)::float8 AS lng
           FROM venues v WHERE v.brand_id = $1 AND v.city IS NOT NULL GROUP BY 1, 2)
     SELECT f.facet, f.value, f.state, f.events, c.lat, c.lng
     FROM f LEFT JOIN c ON f.facet = 'city' AND c.city = f.value AND c.state = f.state
     UNION ALL
     SELECT 'place', substr(k.term, 4), '', 0, NULL, NULL FROM place_keys k WHERE k.term IS NOT NULL
     ORDER BY 2, 3`,
    facetParams(brandId, now),
    PREPARED,
  );
}

/** The values the listing's filters offer: cities, states and categories with events listed now. */
export function getFilterOptions(brand: Brand): Promise<FilterOptions> {
  return snapshot(`filters|${brand.id}`, () =>
    withDb(async (db) => {
      const facets = await readFilterOptionRows(db, brand.id, new Date());
      const cities = facets.filter((f) => f.facet === 'city').map((f) => ({ city: f.value, state: f.state || null, lat: f.lat ?? null, lng: f.lng ?? null, events: f.events }));
      const categories = facets.filter((f) => f.facet === 'category').map((f) => ({ slug: f.value, events: f.events }));
      const states = [...new Set(cities.map((c) => c.state).filter((s): s is string => s !== null))].sort();
      return { cities, states, categories, places: placesOf(facets.filter((f) => f.facet === 'place').map((f) => f.value)) };
    }),
  );
}

/** The centre of a city of the listing's options (accents and case ignored), or null. */
export function cityCenter(options: FilterOptions, city: string): { lat: number; lng: number } | null {
  const key = fold(city);
  const found = options.cities.find((c) => fold(c.city) === key && c.lat !== null && c.lng !== null);
  return found ? { lat: found.lat!, lng: found.lng! } : null;
}
