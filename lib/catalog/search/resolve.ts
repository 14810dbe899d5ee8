import type { Brand } from '../../brand/schema';
import { PREPARED, type Queryable } from '../../db/types';
import { analyzeQuery, fold, isOneTypoAway, oneEditAway, TYPO_MIN_LENGTH, type Places, type Term } from './search-terms';
import { snapshot } from '../snapshot-cache';

// From the words of a search to the terms it looks for: the places the catalog holds,
// each word as the database folds it, the last one completed from the vocabulary, and a
// word the catalog does not hold read as those one typo away. search-sql.ts turns the
// terms into SQL.

/**
 * A word with its spellings to look for, each a whole word: as typed (folded by the
 * database), the catalog's words it begins when it is the last one (at most
 * COMPLETIONS, shortest first), and those one typo away.
 */
export type ResolvedText = { kind: 'text'; spellings: string[]; label: string; corrected?: string };

/** The most catalog words a typed prefix stands for. */
export const COMPLETIONS = 16;
export type ResolvedTerm = ResolvedText | Exclude<Term, { kind: 'text' }>;

/**
 * The city keys of the brand's ($1) postings, read one distinct key at a time through
 * their index (a loose index scan), whatever the number of events: a recursive CTE,
 * `place_keys(term)`, whose last row's term is null; `substr(term, 4)` is the city.
 */
export const PLACE_KEYS = `place_keys AS (
  (SELECT p.term FROM search_postings p WHERE p.brand_id = $1 AND p.term > ' c:' AND p.term < ' c;' ORDER BY p.term LIMIT 1)
  UNION ALL
  SELECT (SELECT p.term FROM search_postings p WHERE p.brand_id = $1 AND p.term > k.term AND p.term < ' c;' ORDER BY p.term LIMIT 1)
  FROM place_keys k WHERE k.term IS NOT NULL)`;

/** The places of the cities read through PLACE_KEYS. */
export const placesOf = (cities: string[]): Places => ({ cities: new Set(cities.map(fold)) });

/**
 * Folded city names of the brand's catalog, for place detection (one snapshot window).
 * The listing's filter options carry them too (lib/catalog/filters/options.ts), read in
 * their statement.
 */
export function loadPlaces(db: Queryable, brand: Brand): Promise<Places> {
  return snapshot(`places|${brand.id}`, async () => {
    const rows = await db.query<{ city: string }>(
      `WITH RECURSIVE ${PLACE_KEYS} SELECT substr(term, 4) AS city FROM place_keys WHERE term IS NOT NULL`,
      [brand.id],
      PREPARED,
    );
    return placesOf(rows.map((r) => r.city));
  });
}

// Only letters and digits reach a tsquery, whatever the database's folding made of a word.
export const lexeme = (w: string) => w.match(/(?:(?!\p{Lm})[\p{L}\p{N}])+/gu)?.join('') ?? '';

/**
 * Folds every word in the database (the same folding as the indexed text), completes the
 * last one from the search vocabulary (a range of its byte-order index), and finds the
 * catalog's words one typo away from those of TYPO_MIN_LENGTH letters or more that the
 * catalog does not hold as typed: a second statement, only for such words, looks up
 * every spelling one edit away from each (oneEditAway), each a probe of the byte-order
 * index, so that its cost follows the word's length, not the vocabulary's size (a
 * trigram search of the vocabulary took 10-11 ms at 41,000 words against 0.3 ms at 280).
 * A word the vocabulary holds as typed, or that it completes, needs no typo search.
 */
export async function resolveTerms(db: Queryable, terms: Term[]): Promise<ResolvedTerm[]> {
  const texts = terms.filter((t) => t.kind === 'text');
  if (texts.length === 0) return terms as ResolvedTerm[];
  const rows = await db.query<{ i: number; folded: string; held: boolean; completions: string[] | null }>(
    `SELECT q.i::int AS i, f.folded,
       CASE WHEN q.p THEN ARRAY(
         SELECT s.word FROM search_words s
         WHERE s.word COLLATE "C" >= f.folded AND s.word COLLATE "C" < f.folded || chr(1114111)
         ORDER BY char_length(s.word), s.word LIMIT ${COMPLETIONS}) END AS completions,
       EXISTS (SELECT 1 FROM search_words s WHERE s.word = f.folded) AS held
     FROM unnest($1::text[], $2::boolean[]) WITH ORDINALITY AS q(w, p, i), LATERAL (SELECT catalog_fold(q.w) AS folded) f`,
    [texts.map((t) => t.word), texts.map((t) => t.prefix)],
    PREPARED,
  );
  const byIndex = new Map(rows.map((r) => [r.i - 1, r]));
  const words = texts.map((t, i) => {
    const row = byIndex.get(i);
    const word = lexeme(row?.folded ?? t.folded);
    const completions = (row?.completions ?? []).map(lexeme).filter((w) => w && w !== word);
    const unknown = row !== undefined && !row.held && word.length >= TYPO_MIN_LENGTH && completions.length === 0;
    return { t, word, completions, unknown, typos: [] as string[] };
  });
  const unknown = words.filter((w) => w.word && w.unknown);
  if (unknown.length > 0) {
    // Each spelling one edit away: as a whole word, or (the last word, as typed so far)
    // as the start of a word, its first few in byte order.
    const edits = unknown.flatMap((w, i) => oneEditAway(w.word).map((e) => ({ i: i + 1, e, p: w.t.prefix })));
    const found = await db.query<{ i: number; near: string[] }>(
      EDIT_SPELLINGS_SQL,
      [edits.map((x) => x.i), edits.map((x) => x.e), edits.map((x) => x.p)],
      PREPARED,
    );
    for (const { i, near } of found) {
      const w = unknown[i - 1]!;
      w.typos = oneTypoAway(w.word, nearestFirst(w.word, near), w.t.prefix);
    }
  }
  let n = 0;
  return terms.flatMap((t): ResolvedTerm[] => {
    if (t.kind !== 'text') return [t];
    const { word, completions, typos } = words[n++]!;
    if (!word) return [];
    const spellings = [...new Set([word, ...completions, ...typos.slice(0, 4)])];
    // A word the catalog does not hold, read as the nearest one it does: "recfie" as "recife".
    return [{ kind: 'text', spellings, label: t.word, ...(typos[0] ? { corrected: typos[0] } : {}) }];
  });
}

/**
 * The search text with each word read as another one (a typo) replaced by it: "sambaa
 * recfie" is "samba recife"; null when no word was corrected.
 */
export function correctedText(q: string, terms: ResolvedTerm[]): string | null {
  const fixes = new Map<string, string>();
  for (const t of terms) if (t.kind === 'text' && t.corrected) fixes.set(fold(t.label), t.corrected);
  if (fixes.size === 0) return null;
  return q
    .trim()
    .split(/\s+/)
    .map((w) => {
      const fix = fixes.get(fold(w).replace(/[^\p{L}\p{N}]/gu, ''));
      // The person's capital stays: "Forroo" is "Forro".
      return fix === undefined ? w : w[0] !== w[0]!.toLowerCase() ? fix[0]!.toUpperCase() + fix.slice(1) : fix;
    })
    .join(' ');
}

/** The words a spelling one edit away from the last word may start, at most. */
const EDIT_COMPLETIONS = 4;

/**
 * The catalog's words among spellings one edit away ($2, each for word $1 and, with $3,
 * as the start of a word): one probe of an index of search_words each.
 */
export const EDIT_SPELLINGS_SQL = `SELECT c.i::int AS i, array_agg(DISTINCT m.word) AS near
  FROM unnest($1::int[], $2::text[], $3::boolean[]) AS c(i, e, p)
  CROSS JOIN LATERAL (
    SELECT s.word FROM search_words s WHERE NOT c.p AND s.word = c.e
    UNION ALL
    (SELECT s.word FROM search_words s
     WHERE c.p AND s.word COLLATE "C" >= c.e AND s.word COLLATE "C" < c.e || chr(1114111)
     ORDER BY s.word COLLATE "C" LIMIT ${EDIT_COMPLETIONS})) m
  GROUP BY c.i`;

/**
 * Words one edit away, nearest first: most letters in common in order (the longest
 * common prefix, then the shortest), then by byte order.
 */
function nearestFirst(typed: string, words: string[]): string[] {
  const common = (w: string) => {
    let n = 0;
    while (n < w.length && n < typed.length && w[n] === typed[n]) n++;
    return n;
  };
  return [...words].sort((a, b) => common(b) - common(a) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

const oneTypoAway = (word: string, near: string[], prefix: boolean) =>
  near.filter((w) => isOneTypoAway(word, w, prefix)).map(lexeme).filter(Boolean);

/** Reads a search text into resolved terms; empty when it has no meaningful word. `places`: the catalog's, when the caller holds them. */
export async function searchTerms(db: Queryable, brand: Brand, q: string | undefined, places?: Places): Promise<ResolvedTerm[]> {
  if (!q) return [];
  const terms = analyzeQuery(q, places ?? (await loadPlaces(db, brand)));
  return terms.length === 0 ? [] : resolveTerms(db, terms);
}

