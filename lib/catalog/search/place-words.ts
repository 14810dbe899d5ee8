import { OPTIONAL_WORDS, STATES, fold } from './search-terms';

// A place said in the words of a request ("samba em Recife", "jazz in São Paulo", "frevo
// PE", "no Rio de Janeiro"): a city of the catalog or a Brazilian state, read as the same
// filter the site's city field and state chips set, and left out of the words. The site,
// MCP and A2A read places through this one reader (each through the city and state
// declarations of lib/catalog/filters); the public API's `q` keeps places as words that
// rank (lib/catalog/search/search-sql.ts).

/** "perto de Recife", "near São Paulo": what follows is a point to search around, not a place filter. */
export const NEAR_PHRASE = /\b(?:perto\s+d[eoa]s?|proximo\s+(?:a|de|do|da)|nos arredores de|near|around|close to|nearby)\s+(.+)$/;

/** Words that say "in" before a place: they leave with it. */
const IN_WORDS: ReadonlySet<string> = new Set(['em', 'no', 'na', 'nos', 'nas', 'in', 'at']);

/**
 * Two-letter words that are states only after "em", "no", "na" or "in" ("show em SE"):
 * elsewhere they are words of the language ("se", "am", "go", "ma", "pa", "al", "es").
 */
const AMBIGUOUS_ABBR: ReadonlySet<string> = new Set(['se', 'am', 'go', 'ma', 'pa', 'al', 'es', 'ac', 'to', 'ap']);

const STATE_BY_ABBR = new Map(STATES.map((s) => [s.abbr, s]));
const STATE_BY_NAME = new Map(STATES.map((s) => [s.name, s]));

export type PlaceSaid = { kind: 'city'; city: string } | { kind: 'state'; abbr: string };

/**
 * The first place of `kind` said in `folded` (a request's words, folded), and the words
 * without it (and without the "em" before it). `cities` are the catalog's cities as it
 * spells them ("São Paulo"); a name that is a city of the catalog is a city, never its
 * state ("são paulo" is the city). Words after "perto de" are left to the distance filter.
 */
export function readPlaceWords(folded: string, cities: readonly string[], kind: PlaceSaid['kind']): { rest: string; place: PlaceSaid | null } {
  const near = NEAR_PHRASE.exec(folded);
  const head = near ? folded.slice(0, near.index) : folded;
  const tail = near ? folded.slice(near.index) : '';
  // Each word with where it is, so that the words left keep their spelling ("stand-up").
  const tokens = [...head.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  const words = tokens.map((t) => t.word);
  const byName = citiesByName(cities);
  for (let i = 0; i < words.length; i++) {
    const found = placeAt(words, i, byName, kind);
    if (!found) continue;
    const from = i > 0 && IN_WORDS.has(words[i - 1]!) ? i - 1 : i;
    const rest = `${head.slice(0, tokens[from]!.start)} ${head.slice(tokens[i + found.length - 1]!.end)} ${tail}`;
    return { rest: rest.replace(/\s+/g, ' ').trim(), place: found.place };
  }
  return { rest: folded.trim(), place: null };
}

/** The lists of cities read last, each with its names folded: a request reads the same list as the one before it in the snapshot window, for the city and for the state. */
const namedLists: Array<{ cities: readonly string[]; byName: Map<string, string> }> = [];
/** Lists kept (a few brands' at once). */
const NAMED_LISTS = 4;

/** The catalog's cities by their folded names (the first spelling of a name wins), folded once for as long as the list stays the same. */
function citiesByName(cities: readonly string[]): Map<string, string> {
  const same = (list: readonly string[]) => list.length === cities.length && list.every((c, i) => c === cities[i]);
  const held = namedLists.find((entry) => same(entry.cities));
  if (held) return held.byName;
  const byName = new Map<string, string>();
  for (const c of cities) {
    const name = fold(c);
    if (!byName.has(name)) byName.set(name, c);
  }
  namedLists.unshift({ cities: [...cities], byName });
  namedLists.length = Math.min(namedLists.length, NAMED_LISTS);
  return byName;
}

/** The longest place of `kind` that starts at word i. */
function placeAt(words: string[], i: number, byName: Map<string, string>, kind: PlaceSaid['kind']): { place: PlaceSaid; length: number } | null {
  for (let n = Math.min(5, words.length - i); n >= 1; n--) {
    const name = words.slice(i, i + n).join(' ');
    if (n === 1 && OPTIONAL_WORDS.has(name)) continue;
    const city = byName.get(name);
    if (city !== undefined) return kind === 'city' ? { place: { kind: 'city', city }, length: n } : null;
    const state = STATE_BY_NAME.get(name);
    if (state) return kind === 'state' ? { place: { kind: 'state', abbr: state.abbr.toUpperCase() }, length: n } : null;
  }
  const abbr = STATE_BY_ABBR.get(words[i]!);
  if (kind !== 'state' || !abbr) return null;
  const afterIn = i > 0 && IN_WORDS.has(words[i - 1]!);
  if (!afterIn && AMBIGUOUS_ABBR.has(abbr.abbr)) return null;
  return { place: { kind: 'state', abbr: abbr.abbr.toUpperCase() }, length: 1 };
}

/**
 * What is left of the words (folded) in the person's own spelling ("forró", not "forro"),
 * without the filler at either end that says nothing of what is looked for ("quero um",
 * "em"), except the words that say the kind of event ("show de samba").
 */
export function leftInTypedSpelling(typed: string, left: string): string {
  const rest = left.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (const word of typed.split(/\s+/)) if (rest.length > 0 && fold(word) === rest[0]) kept.push(word) && rest.shift();
  const words = rest.length === 0 ? kept : left.split(' ').filter(Boolean);
  const filler = (w: string) => OPTIONAL_WORDS.has(fold(w).replace(/[^\p{L}\p{N}]/gu, '')) && !MEANINGFUL_FILLER.has(fold(w));
  let start = 0;
  let end = words.length;
  while (start < end && filler(words[start]!)) start++;
  while (end > start && filler(words[end - 1]!)) end--;
  return words.slice(start, end).join(' ');
}

/** Filler words that still say what kind of event is looked for ("show de samba"). */
const MEANINGFUL_FILLER: ReadonlySet<string> = new Set(['show', 'shows']);
