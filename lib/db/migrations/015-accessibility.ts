// What an event offers for access, from its import record: features of a closed list
// (lib/catalog/categories.ts, stable English codes: "wheelchair", "libras",
// "audio_description", "accessible_toilets", "reserved_seats"), and a note in plain text.
//
// The filter by feature is a key of the postings (migration 008), as a category is: each
// feature is a pseudo-term " x:<feature>", so that a listing or a search filtered by one
// is a walk of the same index, soonest first, and each further feature a probe of it. A
// GIN index of the column would serve neither: the walks never read the events table.
// The columns come with a constant default, so adding them rewrites nothing, and no event
// has a feature yet: there are no entries to add.
export default `
ALTER TABLE events ADD COLUMN accessibility text[] NOT NULL DEFAULT '{}';
ALTER TABLE events ADD COLUMN accessibility_notes text;

CREATE FUNCTION search_postings_keys(tsv tsvector, city_key text, state_key text, producer_id bigint, is_online boolean,
  category text, age_rating text, min_price_cents integer, accessibility text[])
RETURNS TABLE (term text, fields smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.term, k.fields FROM search_postings_keys(tsv, city_key, state_key, producer_id, is_online, category, age_rating, min_price_cents) k
  UNION ALL SELECT ' x:' || f, 0::smallint FROM unnest(accessibility) f
$$;

CREATE OR REPLACE FUNCTION search_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
  FROM new_events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online,
    n.category, n.age_rating, n.min_price_cents, n.accessibility) k;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_postings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings p
  USING old_events o, search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online,
    o.category, o.age_rating, o.min_price_cents, o.accessibility) k
  WHERE p.brand_id = o.brand_id AND p.term = k.term AND p.starts_at = coalesce(o.starts_at, 'infinity') AND p.event_id = o.id;
  RETURN NULL;
END
$$;

-- As migration 012: only the entries that change are rewritten.
CREATE OR REPLACE FUNCTION search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id, (o.brand_id, o.starts_at, o.listed_until) IS DISTINCT FROM (n.brand_id, n.starts_at, n.listed_until) AS moved
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
    SELECT n.id, n.brand_id, coalesce(n.starts_at, 'infinity') AS starts_at, n.listed_until, k.term, k.fields, c.moved
    FROM changed c JOIN new_events n ON n.id = c.id,
      search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online, n.category, n.age_rating, n.min_price_cents, n.accessibility) k
  ), gone AS (
    DELETE FROM search_postings p
    USING old_keys ok
    WHERE p.brand_id = ok.brand_id AND p.term = ok.term AND p.starts_at = ok.starts_at AND p.event_id = ok.id
      AND (ok.moved OR NOT EXISTS (SELECT 1 FROM new_keys nk WHERE nk.id = ok.id AND nk.term = ok.term AND nk.fields = ok.fields))
  )
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT nk.brand_id, nk.term, nk.starts_at, nk.id, nk.listed_until, nk.fields
  FROM new_keys nk
  WHERE nk.moved OR NOT EXISTS (SELECT 1 FROM old_keys ok WHERE ok.id = nk.id AND ok.term = nk.term AND nk.fields = ok.fields);
  RETURN NULL;
END
$$;
`;
