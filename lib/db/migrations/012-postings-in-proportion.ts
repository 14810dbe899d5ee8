// An update of an event rewrites only the search postings that change (migration 008
// replaced all of an event's entries whenever one key moved). A renamed event keeps the
// entries of the words it still has, a repriced one changes its price bands only; when
// the start, the end of listing or the brand moves, every entry moves with it (they are
// part of each entry). At a million events the postings are tens of millions of rows: an
// import of a thousand renamed events wrote ten times the index entries it needed.
export default `
CREATE OR REPLACE FUNCTION search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id, (o.brand_id, o.starts_at, o.listed_until) IS DISTINCT FROM (n.brand_id, n.starts_at, n.listed_until) AS moved
    FROM new_events n JOIN old_events o ON o.id = n.id
    WHERE (o.brand_id, o.search_tsv, o.starts_at, o.listed_until, o.city_key, o.state_key, o.producer_id, o.is_online,
           o.category, o.age_rating, o.min_price_cents)
      IS DISTINCT FROM (n.brand_id, n.search_tsv, n.starts_at, n.listed_until, n.city_key, n.state_key, n.producer_id, n.is_online,
           n.category, n.age_rating, n.min_price_cents)
  ), old_keys AS (
    SELECT o.id, o.brand_id, coalesce(o.starts_at, 'infinity') AS starts_at, k.term, k.fields, c.moved
    FROM changed c JOIN old_events o ON o.id = c.id,
      search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online, o.category, o.age_rating, o.min_price_cents) k
  ), new_keys AS (
    SELECT n.id, n.brand_id, coalesce(n.starts_at, 'infinity') AS starts_at, n.listed_until, k.term, k.fields, c.moved
    FROM changed c JOIN new_events n ON n.id = c.id,
      search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online, n.category, n.age_rating, n.min_price_cents) k
  ), gone AS (
    DELETE FROM search_postings p
    USING old_keys ok
    WHERE p.brand_id = ok.brand_id AND p.term = ok.term AND p.starts_at = ok.starts_at AND p.event_id = ok.id
      AND (ok.moved OR NOT EXISTS (SELECT 1 FROM new_keys nk WHERE nk.id = ok.id AND nk.term = ok.term AND nk.fields = ok.fields))
  )
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT nk.brand_id, nk.term, nk.starts_at, nk.id, nk.listed_until, nk.fields
  FROM new_keys nk
  WHERE nk.moved OR NOT EXISTS (SELECT 1 FROM old_keys ok WHERE ok.id = nk.id AND ok.term = nk.term AND ok.fields = nk.fields);
  RETURN NULL;
END
$$;
`;
