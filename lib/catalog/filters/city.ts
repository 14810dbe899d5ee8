import { z } from 'zod';
import { readPlaceWords } from '../search/place-words';
import { fold } from '../search/search-terms';
import { copyArgs, defineFilter, text, type Add } from './declaration';

/** A city of the catalog said in the words ("samba em Recife"): the city, and the words without it. */
const cityIn = (folded: string, cities: readonly string[]) => {
  const said = readPlaceWords(folded, cities, 'city');
  return said.place?.kind === 'city' ? { rest: said.rest, city: said.place.city } : null;
};

/** The postings key of a city's events, the city folded as the events' city_key is. */
export const cityKey = (city: string, add: Add): string => `' c:' || catalog_fold(${add(city)})`;

// The city of the event's venue: an accent- and case-insensitive equality.
export const city = defineFilter<{ city?: string; category?: string }>()({
  name: 'city',
  summary: 'City of the venue; accents and case ignored.',
  api: true,
  doc: { city: z.string().optional().meta({ description: 'City of the event; case- and accent-insensitive exact match ("sao paulo" matches "São Paulo").' }) },
  params: ['city'],
  read: (params) => ({ city: text(params.get('city')) }),
  key: (v) => v.city ?? '',
  active: (v) => Boolean(v.city),
  sql: {
    where: (v, add) => (v.city ? [`e.city_key = catalog_fold(${add(v.city)})`] : []),
    // The summary keeps a city's name as its venues write it: folded as the events' city_key is.
    cityBuckets: (v, add) => `catalog_fold(d.value) = catalog_fold(${add(v.city)})`,
    // With a category, the category's key is of its events in this city (category.ts).
    posting: { rank: 3, walk: false, key: (v, add) => (v.city && !v.category ? cityKey(v.city, add) : null) },
  },
  site: {
    fields: ['city'],
    order: 2,
    chip: (form) => form.get('city')?.trim() || null,
    drop: () => 'Em todas as cidades',
    // "samba em Recife": the city field, unless the form sets another city or a place to
    // search around (the city it sets, said again, leaves the words all the same).
    words: (folded, form, next, { cities }) => {
      const chosen = form.get('city')?.trim();
      if (form.get('perto')?.trim()) return null;
      const said = cityIn(folded, cities);
      if (!said || (chosen && fold(chosen) !== fold(said.city))) return null;
      if (!chosen) next.set('city', said.city);
      return said.rest;
    },
  },
  mcp: {
    input: () => ({ city: z.string().max(120).optional().describe('City, exact but accent- and case-insensitive') }),
    toParams: (args, params) => copyArgs(args, params, ['city']),
    // A city of the catalog in q ("jazz in São Paulo") is the filter, unless a city or a point is given.
    words: (params, { cities }) => {
      const q = params.get('q');
      if (!q || params.has('city') || params.has('near')) return;
      const said = cityIn(fold(q), cities);
      if (!said) return;
      params.set('q', said.rest);
      params.set('city', said.city);
    },
  },
  natural: (folded, { cities }) => {
    const said = cityIn(
      folded,
      cities.map((c) => c.city),
    );
    return said ? { rest: said.rest, set: (params) => params.set('city', said.city), note: `em ${said.city}` } : null;
  },
});
