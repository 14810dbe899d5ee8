// Each entry of the search postings (migration 008) carries its event's category and state
// key, in the postings index beside the end of listing. A search filtered by a category or
// a state reads the filter from the entry it walks instead of probing the index for the
// filter's key once per entry: at 1,000,000 events, "samba" in the category "shows"
// walked about 2,000 entries of the word to fill its count and probed " k:shows" for each
// (about 10,000 buffers); now those entries are read in order and nothing is probed.
//
// The table is written again with the two columns (an UPDATE would leave a dead version of
// every row behind) and its index built once, at the end. The triggers keep the columns:
// an event whose category or state changes moves all its entries, as one whose start does.
export default `
DROP INDEX IF EXISTS search_postings_idx;
ALTER TABLE search_postings RENAME TO search_postings_before;
CREATE TABLE search_postings (
  brand_id text NOT NULL,
  term text COLLATE "C" NOT NULL,
  starts_at timestamptz NOT NULL,
  event_id bigint NOT NULL,
  listed_until timestamptz NOT NULL,
  fields smallint NOT NULL,
  category text,
  state_key text
);
INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields, category, state_key)
SELECT p.brand_id, p.term, p.starts_at, p.event_id, p.listed_until, p.fields, e.category, e.state_key
FROM search_postings_before p JOIN events e ON e.id = p.event_id;
DROP TABLE search_postings_before;
CREATE INDEX search_postings_idx ON search_postings (brand_id, term, starts_at, event_id) INCLUDE (listed_until, fields, category, state_key);
ANALYZE search_postings;

CREATE OR REPLACE FUNCTION search_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields, category, state_key)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields, n.category, n.state_key
  FROM new_events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online,
    n.category, n.age_rating, n.min_price_cents, n.accessibility) k;
  RETURN NULL;
END
$$;

-- As migration 015, with the category and the state among what moves every entry.
CREATE OR REPLACE FUNCTION search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id, (o.brand_id, o.starts_at, o.listed_until, o.category, o.state_key)
        IS DISTINCT FROM (n.brand_id, n.starts_at, n.listed_until, n.category, n.state_key) AS moved
    FROM new_events n JOIN old_events o ON o.id = n.id
    WHERE (o.brand_id, o.search_tsv, o.starts_at, o.listed_until, o.city_key, o.state_key, o.producer_id, o.is_online,
           o.category, o.age_rating, o.min_price_cents, o.accessibility)
      IS DISTINCT FROM (n.brand_id, n.search_tsv, n.starts_at, n.listed_until, n.city_key, n.state_key, n.producer_id, n.is_online,
           n.category, n.age_rating, n.min_price_cents, n.accessibility)
  ), old_keys AS (
    SELECT o.id, o.brand_id, coalesce(o.starts_at, 'infinity') AS starts_at, k.term, k.fields, c.moved
    FROM changed c JOIN old_events o ON o.id = c.id,
      search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online, o.category, o.age_rating, o.min_price_cents, o.accessibility) k
  ), new_keys AS (
    SELECT n.id, n.brand_id, coalesce(n.starts_at, 'infinity') AS starts_at, n.listed_until, n.category, n.state_key, k.term, k.fields, c.moved
    FROM changed c JOIN new_events n ON n.id = c.id,
      search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online, n.category, n.age_rating, n.min_price_cents, n.accessibility) k
  ), gone AS (
    DELETE FROM search_postings p
    USING old_keys ok
    WHERE p.brand_id = ok.brand_id AND p.term = ok.term AND p.starts_at = ok.starts_at AND p.event_id = ok.id
      AND (ok.moved OR NOT EXISTS (SELECT 1 FROM new_keys nk WHERE nk.id = ok.id AND nk.term = ok.term AND nk.fields = ok.fields))
  )
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields, category, state_key)
  SELECT nk.brand_id, nk.term, nk.starts_at, nk.id, nk.listed_until, nk.fields, nk.category, nk.state_key
  FROM new_keys nk
  WHERE nk.moved OR NOT EXISTS (SELECT 1 FROM old_keys ok WHERE ok.id = nk.id AND ok.term = nk.term AND nk.fields = ok.fields);
  RETURN NULL;
END
$$;
`;
