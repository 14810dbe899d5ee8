// What the load mode of bench:scale (bench/scale.mjs) searches for, shared with
// bench/statements.mts, which times the same searches' statements without a server.

/** One word of each event's name (four letters or more), each word once, at most 60: words that find something. */
export const loadWords = (names) => [...new Set(names.flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4)))].slice(0, 60);

const STATES = ['sp', 'rj', 'pe', 'ba', 'mg', 'rs'];

/** The API searches of the load: each word alone and with a state, as query strings. */
export const apiSearches = (words) => words.flatMap((w, i) => [`q=${encodeURIComponent(w)}`, `q=${encodeURIComponent(w)}&state=${STATES[i % STATES.length]}`]);
