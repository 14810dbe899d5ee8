import type { z } from 'zod';
import { ALL_FILTERS, type FilterError, type FilterValues } from '../filters';
import type { NaturalContext, WordsRead } from '../filters/declaration';
import type { Sort } from '../filters/sort';
import { fold } from '../search/search-terms';

// The listing's filters as a whole, from their declarations (lib/catalog/filters): reading
// them, documenting them, keying them. Unlike paging, which is clamped, a filter that cannot
// mean anything is refused: an agent that asks for "2026-02-30" must learn it, not get every date.

export type SearchFilters = FilterValues;
export type { Sort };

/**
 * Reads the filters. A bad one is left out and reported (the first, in `error`): the API
 * refuses the request, the site and the agents' tools go on without it. Blank means absent.
 * `prices`: also the filters beyond the API (`free`, `price_max` in reais, `age_rating`
 * "livre", `sort=price`); the API never reads them.
 */
export function readSearchFilters(params: URLSearchParams, { prices = false }: { prices?: boolean } = {}): { filters: SearchFilters; error: FilterError | null } {
  const read: Record<string, unknown> = {};
  const errors: FilterError[] = [];
  const fail = (code: FilterError['code'], detail: string) => errors.push({ code, detail });
  for (const filter of ALL_FILTERS) Object.assign(read, filter.read(params, { fail, prices, read }));
  return { filters: read as SearchFilters, error: errors[0] ?? null };
}

/** The API's filters as documented in openapi.json. */
export const SearchFiltersDoc: Record<string, z.ZodType> = Object.assign({}, ...ALL_FILTERS.filter((f) => f.api).map((f) => f.doc ?? {}));

/** The filters' part of a snapshot key: different filters, different keys. */
export const filtersKey = (filters: SearchFilters): string => ALL_FILTERS.map((f) => f.key(filters as never)).join('|');

/** Whether any filter narrows the listing (an order does not). */
export const isFiltered = (filters: SearchFilters): boolean => ALL_FILTERS.some((f) => f.active?.(filters as never) ?? false);

/**
 * A request in people's words ("forró perto de Recife sábado até 100 reais", A2A) read
 * into the search text and the filters it names, each filter reading its own words in
 * turn; `notes` say what each one read ("em 2026-11-28").
 */
export function readRequestWords(text: string, ctx: NaturalContext): { q: string; set: (params: URLSearchParams) => void; notes: string[] } {
  let words = fold(text).replace(/\s+/g, ' ').trim();
  const read: WordsRead[] = [];
  for (const filter of ALL_FILTERS) {
    const said = filter.natural?.(words, ctx);
    if (!said) continue;
    read.push(said);
    words = said.rest.replace(/\s+/g, ' ').trim();
  }
  return { q: words, set: (params) => read.forEach((r) => r.set(params)), notes: read.map((r) => r.note) };
}
