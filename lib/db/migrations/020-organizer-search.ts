// The brand's organizers as a page of their own (/produtores): listed in the order of their
// slugs (their names folded), a page at a time from a slug on, and found by any part of
// their name.
//
// - producers.name_key: the name folded (lower case, no accents), kept by the database
//   itself as the name changes, so that a search compares stored text and never folds a
//   row's name on a read (folding through the accent dictionary costs about 60 µs a row).
// - producers_by_slug_idx: (brand, slug) with the name, its folded form and the latest
//   end, so that a page of the list, or of a search of a common word, is one walk of the
//   index from a slug, index only, whatever the number of organizers.
// - producers_name_trgm_idx: the folded name's trigrams, for a rarer part of a name
//   ("martins cult"); a search of one or two letters reads the slugs that start with them,
//   through the first index.
export default `
ALTER TABLE producers ADD COLUMN name_key text GENERATED ALWAYS AS (catalog_fold(name)) STORED;
CREATE INDEX producers_by_slug_idx ON producers (brand_id, slug) INCLUDE (name, name_key, listed_until);
CREATE INDEX producers_name_trgm_idx ON producers USING gin (name_key gin_trgm_ops);
`;
