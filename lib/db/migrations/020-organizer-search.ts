// The brand's organizers as a page of their own (/produtores): listed in the order of their
// slugs (their names folded), a page at a time from a slug on, and found by any part of
// their name.
//
// - producers_by_slug_idx: (brand, slug) with the name and the latest end, so that a page
//   of the list is one walk of the index from a slug, index only, whatever the number of
//   organizers (the unique (brand, slug) index would visit each row for its name).
// - producers_name_trgm_idx: the folded name's trigrams, for a search by any part of a
//   name ("cultural", "martins cult"); a search of one or two letters reads the slugs
//   that start with them instead, through the first index.
export default `
CREATE INDEX producers_by_slug_idx ON producers (brand_id, slug) INCLUDE (name, listed_until);
CREATE INDEX producers_name_trgm_idx ON producers USING gin (catalog_fold(name) gin_trgm_ops);
`;
