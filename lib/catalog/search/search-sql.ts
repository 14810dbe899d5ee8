import { lexeme, type ResolvedTerm, type ResolvedText } from './resolve';

// A search as SQL. Each term (a word, a city, a state) becomes a condition and a score:
// a name match weighs 8, a producer match 4, a venue or city word 1; a place term ranks
// its own events first: the city 10 (its state 5, when the same words name a state), a
// state 9, plus the weight of its words in the event's text. An event's relevance is
// 100 per matched term (60 per matched place, lib/catalog/listing/search-page-sql.ts) plus those
// weights, so events that match more terms come first, then those that match what the
// event is (the kind, the artist) before those that only match the place, then weightier
// matches.

const quote = (w: string) => `'${w}'`;

/** The columns of an event that the terms' conditions and scores read (termSql). */
export const TERM_COLUMNS = ['search_tsv', 'is_online', 'category', 'city_key', 'state_key'];

/** A tsquery of all the words (each a whole word), optionally of one weight. */
function tsquery(words: string[], weight = ''): string {
  return words.map((w) => `${quote(w)}${weight ? `:${weight}` : ''}`).join(' & ');
}

/** Alternative spellings of one word. */
function spellingsQuery(t: ResolvedText, weight = ''): string {
  return `(${t.spellings.map((w) => `${quote(w)}${weight ? `:${weight}` : ''}`).join(' | ')})`;
}

/** The SQL of a term; each part binds its parameters (through `add`) only when asked for. */
export type TermSql = {
  cond: () => string;
  score: () => string;
  name: (() => string) | null;
  /** A word term's tsquery restricted to one weight (A, B or C). */
  weighted: ((weight: string) => string) | null;
};

/**
 * A bonus (below one matched term) for events where every word of the search matches in
 * one field: "silva produções" is a producer before it is a name with "Silva" in it.
 */
export function coherenceSql(parts: TermSql[], add: (value: unknown) => string): string | null {
  const words = parts.flatMap((p) => (p.weighted ? [p.weighted] : []));
  if (words.length < 2) return null;
  const fields = ['A', 'B', 'C'].map((w) => `e.search_tsv @@ ${add(words.map((q) => q(w)).join(' & '))}::tsquery`);
  return `CASE WHEN ${fields.join(' OR ')} THEN 20 ELSE 0 END`;
}

const weightedScore = (add: (value: unknown) => string, build: (weight: string) => string) => {
  const [a, b, c] = ['A', 'B', 'C'].map((w) => add(build(w)));
  return `CASE WHEN e.search_tsv @@ ${a}::tsquery THEN 8 WHEN e.search_tsv @@ ${b}::tsquery THEN 4 WHEN e.search_tsv @@ ${c}::tsquery THEN 1 ELSE 0 END`;
};

/**
 * The condition, score and name condition of a term; `add` binds a parameter and returns
 * its placeholder. Text conditions are served by the text index, which the planner may
 * intersect with another (the events of the venues near a point, a list of values).
 */
export function termSql(term: ResolvedTerm, add: (value: unknown) => string): TermSql {
  const match = (query: string) => `e.search_tsv @@ ${query}::tsquery`;
  if (term.kind === 'text') {
    return {
      cond: () => match(add(spellingsQuery(term))),
      score: () => weightedScore(add, (w) => spellingsQuery(term, w)),
      name: () => match(add(spellingsQuery(term, 'A'))),
      weighted: (w) => spellingsQuery(term, w),
    };
  }
  if (term.kind === 'online') {
    // Online events, first those that are; an event that only says "online" counts as a venue word.
    const said = () => match(add("'online'"));
    return {
      cond: () => `(e.is_online OR ${said()})`,
      score: () => `CASE WHEN e.is_online THEN 4 WHEN ${said()} THEN 1 ELSE 0 END`,
      name: null,
      weighted: null,
    };
  }
  const words = term.words.map(lexeme).filter(Boolean);
  if (term.kind === 'category') {
    // Events of the category first; an event that only says the words ranks as its text does.
    const text = () => (words.length > 0 ? weightedScore(add, (w) => tsquery(words, w)) : '0');
    return {
      cond: () => `(e.category = ${add(term.category)}::text${words.length > 0 ? ` OR ${match(add(tsquery(words)))}` : ''})`,
      score: () => `(${text()}) + (CASE WHEN e.category = ${add(term.category)}::text THEN 10 ELSE 0 END)`,
      name: null,
      weighted: null,
    };
  }
  const place = term.kind === 'city' ? { city: term.city, state: term.state } : { city: null, state: term.abbr };
  return {
    cond: () => {
      const conds: string[] = [];
      if (place.city) conds.push(`e.city_key = ${add(place.city)}::text`);
      if (place.state) conds.push(`e.state_key = ${add(place.state)}::text`);
      if (words.length > 0) conds.push(match(add(tsquery(words))));
      return `(${conds.join(' OR ')})`;
    },
    score: () => {
      const cases: string[] = [];
      // A place ranks its own events first: above a name that merely mentions it.
      if (place.city) cases.push(`WHEN e.city_key = ${add(place.city)}::text THEN 10`);
      if (place.state) cases.push(`WHEN e.state_key = ${add(place.state)}::text THEN ${place.city ? 5 : 9}`);
      const text = words.length > 0 ? weightedScore(add, (w) => tsquery(words, w)) : '0';
      // Added, not the greater: an event of the city named after it ranks above both.
      return `(${text}) + (CASE ${cases.join(' ')} ELSE 0 END)`;
    },
    name: null,
    weighted: null,
  };
}
