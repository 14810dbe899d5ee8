// A category's events in one city, as one key of the postings (migration 008):
// " kc:<category>|<city key>". A listing by a category and a city, and a search whose
// words name a category on a city's listing ("teatro no Rio de Janeiro"), walk this one
// key, whose entries are the events they show, instead of reading a category's and a
// city's entries side by side until they meet (36,000 and 40,000 entries for the parties
// of São Paulo at 1,000,000 events). The triggers of migration 015 call the function
// below: they write and remove the new key with the others.
export default `
CREATE OR REPLACE FUNCTION search_postings_keys(tsv tsvector, city_key text, state_key text, producer_id bigint, is_online boolean,
  category text, age_rating text, min_price_cents integer, accessibility text[])
RETURNS TABLE (term text, fields smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.term, k.fields FROM search_postings_keys(tsv, city_key, state_key, producer_id, is_online, category, age_rating, min_price_cents) k
  UNION ALL SELECT ' x:' || f, 0::smallint FROM unnest(accessibility) f
  UNION ALL SELECT ' kc:' || category || '|' || city_key, 0::smallint WHERE category IS NOT NULL AND city_key IS NOT NULL
$$;

INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
SELECT e.brand_id, ' kc:' || e.category || '|' || e.city_key, coalesce(e.starts_at, 'infinity'), e.id, e.listed_until, 0::smallint
FROM events e
WHERE e.category IS NOT NULL AND e.city_key IS NOT NULL;
`;
