import type { ResolvedTerm } from '../search/resolve';
import { CARRIED_COLUMNS } from './postings-keys';

// A search read from the postings (migration 008): the events still to start that have a
// term are an index-only range scan of (brand, term, start, event), soonest first, which
// never reads an event that has ended nor a row of the events table. A condition on
// another term or a filter is a probe of the same index for the same (start, event).
// What a page costs grows with the page, not with the events that match: a term's
// soonest candidates are a LIMIT, and a count stops at its cap. Which keys are read is
// postings-keys.ts.
//
// Parameters: $1 the brand, $2 the instant; the keys are placeholders already bound.

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
