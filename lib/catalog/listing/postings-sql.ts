import { ALL_FILTERS } from '../filters';
import { categoryInCityKey } from '../filters/category';
import { cityKey } from '../filters/city';
import type { FilterShares } from './filter-shares';
import type { ListQuery } from './query-params';
import { lexeme, type ResolvedTerm } from '../search/resolve';

// A search read from the postings (migration 008): the events still to start that have a
// term are an index-only range scan of (brand, term, start, event), soonest first, which
// never reads an event that has ended nor a row of the events table. A condition on
// another term or a filter is a probe of the same index for the same (start, event).
// What a page costs grows with the page, not with the events that match: a term's
// soonest candidates are a LIMIT, and a count stops at its cap.
//
// Parameters: $1 the brand, $2 the instant; `add` binds the others.

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
const CARRIED_COLUMNS = [...new Set(POSTED.flatMap((p) => (p.carried ? [p.carried.column] : [])))];

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

/** Where an event's entries are: the entry walked (p), or an events row (e). */
type At = { brand: string; start: string; id: string };
const WALKED: At = { brand: '$1', start: 'p.starts_at', id: 'p.event_id' };
const EVENT_ROW: At = { brand: 'e.brand_id', start: "coalesce(e.starts_at, 'infinity')", id: 'e.id' };

/**
 * Whether the event has a key: a probe of the postings index. OFFSET 0 keeps it a probe
 * per event: the planner would otherwise hash every entry of the key (of a state,
 * hundreds of thousands) to answer a walk that stops after a page.
 */
const has = (key: string, at: At = WALKED) =>
  `EXISTS (SELECT 1 FROM search_postings x WHERE x.brand_id = ${at.brand} AND x.term = ${key} AND x.starts_at = ${at.start} AND x.event_id = ${at.id} OFFSET 0)`;

/** Whether the event matches a term (one of its groups, whole). */
const matchesTerm = (groups: string[][], at: At = WALKED) => `(${groups.map((g) => `(${g.map((k) => has(k, at)).join(' AND ')})`).join(' OR ')})`;

/**
 * Whether the event row `e` matches a term, through probes of the postings (read where
 * events are reached another way, by venue): no text of the event is read.
 */
export const eventMatchesTerm = (groups: string[][]) => matchesTerm(groups, EVENT_ROW);

/**
 * The soonest `limit` listed events still to start that have every key of `group` and
 * every key of `joined`, and meet the `conditions` (probes), by start and id. `name`: the
 * first key must be in the event's name.
 *
 * The other keys an event must have are joined on (start, event): every key's entries
 * from now on come in that order from the index, so the planner reads them side by side
 * (a merge join) instead of probing the index once per entry walked. Where two frequent
 * keys meet (a common word and a large state, a category and a large city), a page's
 * events are a few thousand entries read in order rather than as many index descents.
 */
function walk(group: string[], conditions: string[], limit: number, name = false, joined: string[] = []): string {
  const [first, ...rest] = group;
  const keys = [...new Set([...rest, ...joined])].filter((k) => k !== first);
  const where = ['p.brand_id = $1', `p.term = ${first}`, 'p.starts_at >= $2', ...entryWhere(name && keys.length === 0, conditions)];
  const walked = (columns: string) => `SELECT ${columns} FROM search_postings p ${joinsOn(keys)} WHERE ${where.join(' AND ')} ORDER BY p.starts_at, p.event_id`;
  return name && keys.length > 0 ? namedAfterJoin(walked('p.event_id AS id, p.fields'), limit) : `(${walked('p.event_id AS id')} LIMIT ${limit})`;
}

/** Whether a walked entry's key is in the event's name. */
const IN_NAME = (alias: string) => `${alias}.fields & 1 = 1`;

/**
 * The first `limit` events of a joined walk (ids with their fields, in walk order) whose
 * key is in their name. The name condition is read after the join (behind OFFSET 0):
 * taken into the walk, it lowers the planner's estimate of the entries walked (of "maria",
 * 94 where 3,600 are) until probing the joined key once per entry looks cheaper than
 * reading its entries side by side, and a frequent word in a large state then costs
 * thousands of probes.
 */
const namedAfterJoin = (walked: string, limit: number) => `(SELECT id FROM (${walked} OFFSET 0) w WHERE ${IN_NAME('w')} LIMIT ${limit})`;

/** Joins that require the walked entry `p` to have every key of `keys`, on its (start, event). */
const joinsOn = (keys: string[]) =>
  keys
    .map((key, i) => `JOIN search_postings j${i} ON j${i}.brand_id = $1 AND j${i}.term = ${key} AND j${i}.starts_at >= $2 AND j${i}.starts_at = p.starts_at AND j${i}.event_id = p.event_id`)
    .join(' ');

/** What a walked entry `p` must also meet: listed still, its key in the event's name (`name`), the probes. */
const entryWhere = (name: boolean, conditions: string[]) => ['p.listed_until >= $2', ...(name ? [IN_NAME('p')] : []), ...conditions];

/**
 * The walks of a term's groups, each joined to the keys of `joined`. Where a word has
 * several spellings (its completions, those one typo away), the single-key groups are
 * read as one stream in (start, event) order, a merge of their ranges: its first `limit`
 * distinct events are the soonest of the spellings together, and no more are scored than
 * one spelling's walk gives (separate walks gave `limit` a spelling). Joined once, the
 * joined keys' entries (of a state, tens of thousands) are read once, not once a spelling.
 */
function walks(groups: string[][], conditions: string[], limit: number, name: boolean, joined: string[]): string[] {
  const single = groups.filter((g) => g.length === 1).map((g) => g[0]!);
  if (single.length < 2) return groups.map((g) => walk(g, conditions, limit, name, joined));
  // Without a join, the name condition is each range's own (see namedAfterJoin).
  const inRanges = name && joined.length === 0;
  const ranges = single.map(
    (key) =>
      `(SELECT ${['starts_at', 'event_id', 'listed_until', 'fields', ...CARRIED_COLUMNS].join(', ')} FROM search_postings r WHERE r.brand_id = $1 AND r.term = ${key} AND r.starts_at >= $2${inRanges ? ` AND ${IN_NAME('r')}` : ''} ORDER BY r.starts_at, r.event_id)`,
  );
  // Each event once, with the fields of all its spellings' entries.
  const stream = `SELECT p.starts_at, p.event_id AS id, bit_or(p.fields) AS fields FROM (${ranges.join(' UNION ALL ')}) p ${joinsOn([...new Set(joined)])}
      WHERE ${entryWhere(false, conditions).join(' AND ')} GROUP BY p.starts_at, p.event_id ORDER BY p.starts_at, p.event_id`;
  const merged = name && !inRanges ? namedAfterJoin(stream, limit) : `(SELECT id FROM (${stream} LIMIT ${limit}) w)`;
  return [merged, ...groups.filter((g) => g.length > 1).map((g) => walk(g, conditions, limit, name, joined))];
}

/**
 * Walks that can fill a search's count alone: of each term, its first key that is a group
 * of its own (the word as written, the category's or the city's key), walked as its own
 * range when the count has no filter (no key to join, no condition on the entries). Each
 * of its entries is an event that matches, once, and it reads at most `cap` of them: a
 * range that reaches the cap says the count is at its cap, without the union of every
 * walk behind it. With a filter, a range could read all its entries to find fewer than
 * the cap, and the union would read them again.
 */
export function fillingWalks(keys: string[][][], filters: string[], conditions: string[], cap: number): string[] {
  if (filters.length > 0 || conditions.length > 0) return [];
  return keys.flatMap((groups) => {
    const own = groups.find((g) => g.length === 1);
    return own ? [walk(own, [], cap)] : [];
  });
}

export type Tier = 'all' | 'name' | 'any';

/**
 * The walks whose union is a tier's events still to start (see searchSql): `all` those
 * that match every term (walking the first word's groups, probing the rest), `name`
 * those with a word in their name, `any` those that match some term.
 */
export function tierWalks(tier: Tier, terms: ResolvedTerm[], keys: string[][][], filters: string[], limit: number, conditions: string[] = []): string[] {
  // The filters' keys are joined to each walk; entry conditions stay probes.
  if (tier === 'any') return keys.flatMap((groups) => walks(groups, conditions, limit, false, filters));
  if (tier === 'name') {
    return terms.flatMap((t, i) => (t.kind === 'text' ? walks(keys[i]!, conditions, limit, true, filters) : []));
  }
  // Words are rarer than places: walk a word's entries when there is one.
  const lead = Math.max(0, terms.findIndex((t) => t.kind === 'text'));
  const others = keys.filter((_, i) => i !== lead);
  // Where the other terms can match in few ways (a category and a city: its key, its
  // state's, its words), each way of matching them all is a walk that joins their keys,
  // read side by side, instead of probing the index once per entry of the lead term.
  // A word's spellings joined to other keys are one walk (see walks).
  const spellings = keys[lead]!.filter((g) => g.length === 1).length;
  const ways = others.reduce((n, groups) => n * groups.length, keys[lead]!.length - (spellings > 1 ? spellings - 1 : 0));
  if (ways <= MAX_JOINED_WALKS) {
    let combined: string[][] = [[]];
    for (const groups of others) combined = combined.flatMap((keysSoFar) => groups.map((g) => [...keysSoFar, ...g]));
    return combined.flatMap((joined) => walks(keys[lead]!, conditions, limit, false, [...filters, ...joined]));
  }
  const probes = others.map((groups) => matchesTerm(groups));
  return walks(keys[lead]!, [...conditions, ...probes], limit, false, filters);
}

/** The most walks the events matching every term may take as joins (see tierWalks). */
const MAX_JOINED_WALKS = 8;
