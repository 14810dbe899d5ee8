// Search that reads what people type (see lib/catalog/search-sql.ts) and the listing's
// place filter.
//  - Hyphenated names are indexed joined too, so "standup" finds "Stand-up" (the simple
//    parser already indexes "stand-up", "stand" and "up").
//  - search_words is the vocabulary of the search keys: a word one typo away from a typed
//    word is found through its trigram index (nearest first, GiST KNN).
//  - Venues by position, and events by venue in start order, for `near`.
export default `
UPDATE events e SET search_tsv = k.search_tsv
FROM (
  SELECT x.id,
         setweight(to_tsvector('simple', catalog_fold(x.name)), 'A')
           || setweight(to_tsvector('simple', replace(catalog_fold(x.name), '-', '')), 'A')
           || setweight(to_tsvector('simple', catalog_fold(coalesce(p.name, ''))), 'B')
           || setweight(to_tsvector('simple', catalog_fold(concat_ws(' ', v.name, v.city, v.state))), 'C') AS search_tsv
  FROM events x
  LEFT JOIN producers p ON p.id = x.producer_id
  LEFT JOIN venues v ON v.id = x.venue_id
) k
WHERE e.id = k.id;

CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM events, unnest(tsvector_to_array(search_tsv)) AS w WHERE char_length(w) >= 4
  ON CONFLICT DO NOTHING;

CREATE INDEX venues_position_idx ON venues (brand_id, latitude, longitude) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX events_venue_start_idx ON events (venue_id, starts_at, id);
DROP INDEX events_venue_idx;
`;
