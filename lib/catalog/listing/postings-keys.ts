import { ALL_FILTERS } from '../filters';
import { categoryInCityKey } from '../filters/category';
import { cityKey } from '../filters/city';
import type { FilterShares } from './filter-shares';
import type { ListQuery } from './query-params';
import { lexeme, type ResolvedTerm } from '../search/resolve';

// Which postings keys (migration 008) a search or a listing reads: the keys of each term,
// the filters' keys, and the filters read from what each entry carries (migration 028).
// How those keys are walked and joined is postings-sql.ts.
//
// `add` binds a value as a parameter and gives its placeholder.

type Add = (value: unknown) => string;

/**
 * The keys of a term as groups: an event matches the term when it has every key of some
 * group. The same conditions as termSql's, over the same search keys.
 */
export function termKeys(term: ResolvedTerm, add: Add): string[][] {
  switch (term.kind) {
    case 'text':
      return term.spellings.map((w) => [add(w)]);
    case 'online':
      return [[add(' o:')], [add('online')]];
    case 'category':
      return [[add(` k:${term.category}`)], ...wordGroups(term.words, add)];
    case 'city':
    case 'state': {
      const groups: string[][] = [];
      if (term.kind === 'city') groups.push([add(` c:${term.city}`)]);
      const state = term.kind === 'city' ? term.state : term.abbr;
      if (state) groups.push([add(` s:${state}`)]);
      return [...groups, ...wordGroups(term.words, add)];
    }
  }
}

/** A term's own words as one group of keys (an event that has them all), or no group when none is left. */
function wordGroups(words: string[], add: Add): string[][] {
  const lexemes = words.map(lexeme).filter(Boolean);
  return lexemes.length > 0 ? [lexemes.map((w) => add(w))] : [];
}

/**
 * The filters with postings keys, the most selective first (the first is what a listing by
 * filters walks), each from its declaration (lib/catalog/filters): organizer, category,
 * city, all ages, price band, state.
 */
const POSTED = ALL_FILTERS.flatMap((f) => (f.sql?.posting ? [f.sql.posting] : [])).sort((a, b) => a.rank - b.rank);

/** The columns every postings entry carries for the filters (migration 028: category, state). */
export const CARRIED_COLUMNS = [...new Set(POSTED.flatMap((p) => (p.carried ? [p.carried.column] : [])))];

/** Whether a listing has a filter whose value the postings entries carry (see filterParts). */
export const carriesFilter = (query: ListQuery): boolean => POSTED.some((p) => (p.carried?.value(query as never) ?? null) !== null);

/** How a listing's filters are read: `cap`, the most matches a walk reads; `shares`, the brand's listed events by value. */
export type FilterReading = { cap: number; shares?: FilterShares };

/**
 * What an entry of a filter's key costs when joined or probed beside a walk, in entries
 * read in order: at 1,000,000 events about 3.5 µs against 0.2-0.3 µs.
 */
const PROBE_COST = 16;

/**
 * The filters of a listing as keys every result must have and, for the filters whose value
 * each entry carries (migration 028), conditions on the walked entry `p` itself: read from
 * the entry, they join and probe nothing. With `lead`, the first filter with a key stays a
 * key, the one a listing without words walks.
 *
 * A carried filter is read from the entries unless its value is rare: a walk reads up to
 * `cap` × total / n entries to find `cap` events of a value that n of the brand's events
 * have, where the value's own key has n entries, each costing PROBE_COST entries read in
 * order. So a value with n² × PROBE_COST ≥ `cap` × total is read from the entries (at
 * 1,000,000 events, a search's state or category with about 4,000 events or more), and a
 * rarer one through its key (a state with no events: its key is empty, where the walk
 * would read every entry of a frequent word to find nothing). Without `shares`, every
 * carried filter is read from the entries.
 */
export function filterParts(query: ListQuery, add: Add, { lead = false, cap, shares }: FilterReading & { lead?: boolean }): { keys: string[]; carried: string[] } {
  const keys: string[] = [];
  const carried: string[] = [];
  for (const posting of POSTED) {
    const value = lead && keys.length === 0 ? null : (posting.carried?.value(query as never) ?? null);
    const common = value !== null && (!shares || shares.events(posting.carried!.column, value) ** 2 * PROBE_COST >= cap * shares.total);
    if (common) carried.push(`p.${posting.carried!.column} = ${add(value)}`);
    else keys.push(...[posting.key(query as never, add) ?? []].flat());
  }
  return { keys, carried };
}

/**
 * The keys of a search's terms and of its filters. A city's listing searched by words that
 * name a category and nothing else ("teatro" on Rio de Janeiro's listing) walks the key of
 * the category's events in that city (migration 023) instead of the category's key
 * joined to the city's; the term's words keep the city's key.
 */
export function searchKeys(terms: ResolvedTerm[], query: ListQuery, add: Add, reading: FilterReading): { keys: string[][][]; filters: string[]; carried: string[] } {
  const only = terms.length === 1 ? terms[0] : undefined;
  const city = query.city;
  if (only?.kind !== 'category' || !city || query.category) {
    const { keys: filters, carried } = filterParts(query, add, reading);
    return { keys: terms.map((t) => termKeys(t, add)), filters, carried };
  }
  const { keys: filters, carried } = filterParts({ ...query, city: undefined }, add, reading);
  const groups = [[categoryInCityKey(only.category, city, add)], ...wordGroups(only.words, add).map((g) => [...g, cityKey(city, add)])];
  return { keys: [groups], filters, carried };
}

/** Whether a listing without words or a point walks a filter's postings key rather than the events' own indexes. */
export const walksFilterKey = (query: ListQuery): boolean =>
  ALL_FILTERS.some((f) => f.sql?.posting?.walk && f.sql.posting.key(query as never, () => '') !== null);

/**
 * The filters as conditions on a walked entry that its keys cannot answer (the event's
 * own day in its time zone, a price between bands): probes, each from its declaration.
 */
export const entryConditions = (query: ListQuery, add: Add): string[] => ALL_FILTERS.flatMap((f) => f.sql?.entry?.(query as never, add) ?? []);
