// The trigram index of the search vocabulary with a signature of 256 bytes instead of 12:
// at tens of thousands of words a short signature says "maybe" for most of the index, so
// both questions a typo search asks (the words sharing enough trigrams, and the nearest
// ones) read a large part of it. See resolveTerms in lib/catalog/search-sql.ts.
export default `
DROP INDEX search_words_trgm_idx;
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops(siglen=256));
`;
