// The search vocabulary's trigram index served the typo search's two questions (the words
// sharing enough trigrams, and the nearest ones). A typo is now looked up by its spellings
// one edit away, probes of the byte-order index (resolveTerms in
// lib/catalog/search/search-sql.ts): nothing reads this index any more, and every new word
// an import brings would still update it.
export default `
DROP INDEX IF EXISTS search_words_trgm_idx;
`;
