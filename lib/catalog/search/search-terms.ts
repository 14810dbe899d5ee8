import { categoryAt } from '../categories';

// What a search text means, before any database work: its words, folded; the words that
// carry no meaning in a catalog search (stop words and filler, Portuguese and English);
// places (cities of the catalog, Brazilian states by abbreviation or name); and which
// word is a prefix (the last one, as people type).

/** Words that never exclude a result: articles, prepositions, question words, filler. */
export const OPTIONAL_WORDS: ReadonlySet<string> = new Set(
  [
    // Portuguese
    'a', 'o', 'as', 'os', 'um', 'uma', 'uns', 'umas', 'de', 'da', 'do', 'das', 'dos', 'em', 'no', 'na', 'nos', 'nas',
    'num', 'numa', 'por', 'pelo', 'pela', 'para', 'pra', 'pro', 'com', 'sem', 'e', 'ou', 'que', 'qual', 'quais', 'tem',
    'ha', 'onde', 'quando', 'como', 'me', 'eu', 'meu', 'minha', 'voce', 'vc', 'ao', 'aos', 'sobre', 'algum', 'alguma',
    'algo', 'quero', 'procuro', 'busco', 'ver', 'ir', 'este', 'esta', 'esse', 'essa', 'neste', 'nesta', 'nesse',
    'nessa', 'isso', 'hoje', 'amanha', 'fim', 'semana', 'proximo', 'proxima', 'proximos', 'proximas', 'dias', 'perto',
    'aqui', 'agora', 'tudo', 'todos', 'todas', 'mais', 'bom', 'boa', 'bons', 'boas', 'legal', 'legais',
    // English
    'an', 'the', 'in', 'at', 'on', 'of', 'for', 'to', 'and', 'or', 'with', 'near', 'around', 'what', 'whats', 'is',
    'are', 'there', 'any', 'some', 'my', 'i', 'find', 'looking', 'search', 'this', 'that', 'these', 'those', 'from',
    'by', 'about', 'today', 'tonight', 'tomorrow', 'weekend', 'week', 'next', 'days', 'good', 'best', 'all',
    // Filler: what every catalog entry is
    'evento', 'eventos', 'event', 'events', 'show', 'shows', 'ingresso', 'ingressos', 'ticket', 'tickets',
    'programacao', 'agenda', 'atracoes', 'atracao',
  ],
);

/** The 27 Brazilian federative units: abbreviation (lower case) and folded name. */
export const STATES: ReadonlyArray<{ abbr: string; name: string }> = [
  ['ac', 'acre'], ['al', 'alagoas'], ['ap', 'amapa'], ['am', 'amazonas'], ['ba', 'bahia'], ['ce', 'ceara'],
  ['df', 'distrito federal'], ['es', 'espirito santo'], ['go', 'goias'], ['ma', 'maranhao'], ['mt', 'mato grosso'],
  ['ms', 'mato grosso do sul'], ['mg', 'minas gerais'], ['pa', 'para'], ['pb', 'paraiba'], ['pr', 'parana'],
  ['pe', 'pernambuco'], ['pi', 'piaui'], ['rj', 'rio de janeiro'], ['rn', 'rio grande do norte'],
  ['rs', 'rio grande do sul'], ['ro', 'rondonia'], ['rr', 'roraima'], ['sc', 'santa catarina'], ['sp', 'sao paulo'],
  ['se', 'sergipe'], ['to', 'tocantins'],
].map(([abbr, name]) => ({ abbr: abbr!, name: name! }));

const STATE_BY_ABBR = new Map(STATES.map((s) => [s.abbr, s]));
const STATE_BY_NAME = new Map(STATES.map((s) => [s.name, s]));

/** The most words of a search that count. */
export const MAX_WORDS = 8;
/** Words at least this long tolerate one typo. */
export const TYPO_MIN_LENGTH = 5;

/** Case and accents never matter: lower case, compatibility forms unfolded, marks removed. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

// Letters and digits; modifier letters (ʼ ʻ ː) separate words, since the database folds
// them to quote and colon.
const WORD = /(?:(?!\p{Lm})[\p{L}\p{N}])+/gu;

/** The words of a text, in order, as typed (NFKC, lower case, accents kept). */
export function rawWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

export type TextTerm = {
  kind: 'text';
  /** The word as typed (lower case, accents kept): the database folds it. */
  word: string;
  /** Its folded form, for the checks made here. */
  folded: string;
  prefix: boolean;
  /** The word as typed, for saying which words matched. */
  label: string;
};
/** A city of the catalog; `state` when the same words also name a state ("são paulo"). */
export type CityTerm = { kind: 'city'; city: string; state: string | null; words: string[]; label: string };
/** A state, by abbreviation ("pe") or by name ("pernambuco": then `words`). */
export type StateTerm = { kind: 'state'; abbr: string; words: string[]; label: string };
/** "online": events that happen online, and those that say so in their text. */
export type OnlineTerm = { kind: 'online'; label: string };
/** A category of the taxonomy named by its words ("teatro", "stand up", "pra criança"): its events, and those that say the words. */
export type CategoryTerm = { kind: 'category'; category: string; words: string[]; label: string };
export type Term = TextTerm | CityTerm | StateTerm | OnlineTerm | CategoryTerm;

/** Words that ask for online events. */
const ONLINE_WORDS: ReadonlySet<string> = new Set(['online', 'onlines', 'virtual', 'virtuais']);

/** Folded city names of the catalog (see loadPlaces). */
export type Places = { cities: ReadonlySet<string> };

/**
 * The terms of a search text: every meaningful word or place, in order, at most
 * MAX_WORDS words. An empty list means the text has no meaningful word (no search).
 */
export function analyzeQuery(q: string, places: Places): Term[] {
  const typed = rawWords(q);
  const folded = typed.map(fold);
  // Uppercase two-letter words ("TO", "SE") are states even where they are stop words.
  const upper = (q.normalize('NFKC').match(WORD) ?? []).map((w) => w.length === 2 && w === w.toUpperCase() && w !== w.toLowerCase());
  const terms: Term[] = [];
  let words = 0;
  for (let i = 0; i < folded.length && words < MAX_WORDS; ) {
    const place = matchPlace(folded, i, places);
    if (place) {
      terms.push({ ...place.term, label: typed.slice(i, i + place.length).join(' ') } as Term);
      words += place.length;
      i += place.length;
      continue;
    }
    // A category phrase is read whole: its events, and those whose text has its words.
    const named = categoryAt(folded, i);
    if (named) {
      if (!terms.some((t) => t.kind === 'category' && t.category === named.category.slug)) {
        const words = folded.slice(i, i + named.length).filter((w) => !OPTIONAL_WORDS.has(w));
        terms.push({ kind: 'category', category: named.category.slug, words, label: typed.slice(i, i + named.length).join(' ') });
      }
      words += named.length;
      i += named.length;
      continue;
    }
    const w = folded[i]!;
    const state = STATE_BY_ABBR.get(w);
    if (state && (upper[i] || !OPTIONAL_WORDS.has(w))) {
      terms.push({ kind: 'state', abbr: state.abbr, words: [], label: typed[i]! });
    } else if (ONLINE_WORDS.has(w)) {
      if (!terms.some((t) => t.kind === 'online')) terms.push({ kind: 'online', label: typed[i]! });
    } else if (!OPTIONAL_WORDS.has(w)) {
      terms.push({ kind: 'text', word: typed[i]!, folded: w, prefix: i === folded.length - 1, label: typed[i]! });
    }
    words++;
    i++;
  }
  return terms;
}

/** The longest city or state name that starts at word i (more than one word, or one meaningful word). */
function matchPlace(words: string[], i: number, places: Places): { term: Term; length: number } | null {
  for (let n = Math.min(5, words.length - i); n >= 1; n--) {
    const name = words.slice(i, i + n).join(' ');
    if (n === 1 && OPTIONAL_WORDS.has(name)) continue;
    const meaningful = words.slice(i, i + n).filter((w) => !OPTIONAL_WORDS.has(w));
    const state = STATE_BY_NAME.get(name);
    if (places.cities.has(name)) return { term: { kind: 'city', city: name, state: state?.abbr ?? null, words: meaningful, label: name }, length: n };
    if (state) return { term: { kind: 'state', abbr: state.abbr, words: meaningful, label: name }, length: n };
  }
  return null;
}

/** The letters of folded catalog words (lib/db: catalog_fold), for spellings one edit away. */
const FOLDED_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every spelling one edit away from a folded word: a letter left out, added or changed,
 * or two neighbours swapped (about 70 a letter).
 */
export function oneEditAway(word: string): string[] {
  // By characters, not UTF-16 units: an edit never splits a character outside the BMP.
  const chars = Array.from(word);
  const text = (parts: string[]) => parts.join('');
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const [head, tail] = [text(chars.slice(0, i)), chars.slice(i)];
    if (tail.length > 0) out.add(head + text(tail.slice(1)));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + text(tail.slice(2)));
    for (const c of FOLDED_LETTERS) {
      if (tail.length > 0 && c !== tail[0]) out.add(head + c + text(tail.slice(1)));
      out.add(head + c + text(tail));
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * Restricted Damerau-Levenshtein distance (insertions, deletions, substitutions and
 * swaps of neighbours each count one), stopping early past `max`.
 */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Whether a catalog word is one typo away from a typed word (for the last word, from a word it starts). */
export function isOneTypoAway(typed: string, word: string, prefix: boolean): boolean {
  if (typed.length < TYPO_MIN_LENGTH || typed === word) return false;
  if (editDistance(typed, word) <= 1) return true;
  if (!prefix) return false;
  // As-you-type: "festivl" is one typo from "festiva", the start of "festival".
  for (const n of [typed.length - 1, typed.length, typed.length + 1]) {
    if (n < word.length && editDistance(typed, word.slice(0, n)) <= 1) return true;
  }
  return false;
}
