// What people browse by, as catalog data from the import record: a category of the
// taxonomy (lib/catalog/categories.ts), an age rating, whether the event happens as
// announced (and its previous start when it moved), and, derived at import with the
// tickets, the lowest price with fees of a lot on sale (null when nothing can be bought).
//
// The postings (migration 008) gain pseudo-terms for these, so that a listing or a search
// filtered by them is a walk of the same index, soonest first:
//   " k:<category>", " a:livre", and the price bands " $:0" (free), " $:50", " $:100",
//   " $:200" (at most that many reais with fees; an event is in every band it fits).
export default `
ALTER TABLE events ADD COLUMN category text;
ALTER TABLE events ADD COLUMN age_rating text;
ALTER TABLE events ADD COLUMN event_status text NOT NULL DEFAULT 'scheduled';
ALTER TABLE events ADD COLUMN previous_starts_at timestamptz;
ALTER TABLE events ADD COLUMN min_price_cents integer;
UPDATE events e SET min_price_cents = (
  SELECT min(l.price_cents + l.fee_cents) FROM ticket_sectors s JOIN ticket_lots l ON l.sector_id = s.id
  WHERE s.event_id = e.id AND l.available)
WHERE e.on_sale;

CREATE FUNCTION search_postings_keys(tsv tsvector, city_key text, state_key text, producer_id bigint, is_online boolean,
  category text, age_rating text, min_price_cents integer)
RETURNS TABLE (term text, fields smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.term, k.fields FROM search_postings_keys(tsv, city_key, state_key, producer_id, is_online) k
  UNION ALL SELECT ' k:' || category, 0::smallint WHERE category IS NOT NULL
  UNION ALL SELECT ' a:livre', 0::smallint WHERE age_rating = 'livre'
  UNION ALL SELECT ' $:' || b, 0::smallint FROM unnest(ARRAY[0, 50, 100, 200]) b WHERE min_price_cents <= b * 100
$$;

CREATE OR REPLACE FUNCTION search_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
  FROM new_events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online,
    n.category, n.age_rating, n.min_price_cents) k;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_postings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings p
  USING old_events o, search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online,
    o.category, o.age_rating, o.min_price_cents) k
  WHERE p.brand_id = o.brand_id AND p.term = k.term AND p.starts_at = coalesce(o.starts_at, 'infinity') AND p.event_id = o.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id FROM new_events n JOIN old_events o ON o.id = n.id
    WHERE (o.brand_id, o.search_tsv, o.starts_at, o.listed_until, o.city_key, o.state_key, o.producer_id, o.is_online,
           o.category, o.age_rating, o.min_price_cents)
      IS DISTINCT FROM (n.brand_id, n.search_tsv, n.starts_at, n.listed_until, n.city_key, n.state_key, n.producer_id, n.is_online,
           n.category, n.age_rating, n.min_price_cents)
  ), gone AS (
    DELETE FROM search_postings p
    USING changed c, old_events o, search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online,
      o.category, o.age_rating, o.min_price_cents) k
    WHERE o.id = c.id AND p.brand_id = o.brand_id AND p.term = k.term AND p.starts_at = coalesce(o.starts_at, 'infinity') AND p.event_id = o.id
  )
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
  FROM changed c JOIN new_events n ON n.id = c.id, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online,
    n.category, n.age_rating, n.min_price_cents) k;
  RETURN NULL;
END
$$;

-- Events that were on sale before this migration enter their price bands.
INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
SELECT e.brand_id, ' $:' || b, coalesce(e.starts_at, 'infinity'), e.id, e.listed_until, 0::smallint
FROM events e, unnest(ARRAY[0, 50, 100, 200]) b
WHERE e.min_price_cents <= b * 100;

-- Sorting by price: the lowest price with fees, then the start, of the events on sale.
CREATE INDEX events_price_idx ON events (brand_id, min_price_cents, starts_at, id) WHERE min_price_cents IS NOT NULL;
`;
