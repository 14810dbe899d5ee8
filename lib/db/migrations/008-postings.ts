// An inverted index kept in a btree, so that a search costs in proportion to the page it
// shows, not to the events that match (see lib/catalog/postings-sql.ts):
//  - search_postings holds one entry per event and term: each word of its search keys
//    (with the fields it is in: 1 name, 2 producer, 4 venue, city or state) and
//    pseudo-terms for its city (" c:<key>"), state (" s:<key>"), producer (" p:<id>")
//    and for being online (" o:"). A leading space keeps them apart from words.
//  - Entries are ordered by brand, term, start (no start: infinity, last) and event, and
//    carry the end of the listing: the soonest events of a term are an index-only range
//    scan, and events that have ended are never read.
//  - Triggers keep them in step with events in the same statement, whoever writes:
//    the import, a migration or a test.
//  - events.on_sale says whether some lot of an open event can be bought, set at
//    import with the tickets: a search ranks an event on sale first at equal relevance
//    without reading its lots.
//  - The start index and the (venue, start) index carry what a listing's filters read
//    (time zone, end of listing; brand and online for a venue): a count of a date
//    range or of the events near a point is read from the index alone.
//  - search_words gains a byte-order index: the completions of a typed prefix are a
//    range scan.
/** The postings index; an import into an empty catalog builds it once, at its end. */
export const POSTINGS_INDEX =
  'CREATE INDEX IF NOT EXISTS search_postings_idx ON search_postings (brand_id, term, starts_at, event_id) INCLUDE (listed_until, fields)';

export default `
ALTER TABLE events ADD COLUMN on_sale boolean NOT NULL DEFAULT false;
UPDATE events e SET on_sale = true
WHERE NOT e.is_closed AND EXISTS (SELECT 1 FROM ticket_sectors s JOIN ticket_lots l ON l.sector_id = s.id WHERE s.event_id = e.id AND l.available);

CREATE TABLE search_postings (
  brand_id text NOT NULL,
  term text COLLATE "C" NOT NULL,
  starts_at timestamptz NOT NULL,
  event_id bigint NOT NULL,
  listed_until timestamptz NOT NULL,
  fields smallint NOT NULL
);

-- The terms of an event's search keys, each with the fields it is in.
CREATE FUNCTION search_postings_keys(tsv tsvector, city_key text, state_key text, producer_id bigint, is_online boolean)
RETURNS TABLE (term text, fields smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.lexeme, ((CASE WHEN 'A'::"char" = ANY(t.weights) THEN 1 ELSE 0 END)
    | (CASE WHEN 'B'::"char" = ANY(t.weights) THEN 2 ELSE 0 END)
    | (CASE WHEN 'C'::"char" = ANY(t.weights) OR 'D'::"char" = ANY(t.weights) THEN 4 ELSE 0 END))::smallint
  FROM unnest(tsv) t
  UNION ALL SELECT ' c:' || city_key, 0::smallint WHERE city_key IS NOT NULL
  UNION ALL SELECT ' s:' || state_key, 0::smallint WHERE state_key IS NOT NULL
  UNION ALL SELECT ' p:' || producer_id, 0::smallint WHERE producer_id IS NOT NULL
  UNION ALL SELECT ' o:', 0::smallint WHERE is_online
$$;

CREATE FUNCTION search_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
  FROM new_events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online) k;
  RETURN NULL;
END
$$;

CREATE FUNCTION search_postings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings p
  USING old_events o, search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online) k
  WHERE p.brand_id = o.brand_id AND p.term = k.term AND p.starts_at = coalesce(o.starts_at, 'infinity') AND p.event_id = o.id;
  RETURN NULL;
END
$$;

-- An update replaces the entries of the events whose keys changed, and only theirs.
CREATE FUNCTION search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id FROM new_events n JOIN old_events o ON o.id = n.id
    WHERE (o.brand_id, o.search_tsv, o.starts_at, o.listed_until, o.city_key, o.state_key, o.producer_id, o.is_online)
      IS DISTINCT FROM (n.brand_id, n.search_tsv, n.starts_at, n.listed_until, n.city_key, n.state_key, n.producer_id, n.is_online)
  ), gone AS (
    DELETE FROM search_postings p
    USING changed c, old_events o, search_postings_keys(o.search_tsv, o.city_key, o.state_key, o.producer_id, o.is_online) k
    WHERE o.id = c.id AND p.brand_id = o.brand_id AND p.term = k.term AND p.starts_at = coalesce(o.starts_at, 'infinity') AND p.event_id = o.id
  )
  INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
  SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
  FROM changed c JOIN new_events n ON n.id = c.id, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online) k;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_postings_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_postings_insert();
CREATE TRIGGER events_postings_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_postings_update();
CREATE TRIGGER events_postings_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION search_postings_delete();

INSERT INTO search_postings (brand_id, term, starts_at, event_id, listed_until, fields)
SELECT n.brand_id, k.term, coalesce(n.starts_at, 'infinity'), n.id, n.listed_until, k.fields
FROM events n, search_postings_keys(n.search_tsv, n.city_key, n.state_key, n.producer_id, n.is_online) k;

${POSTINGS_INDEX};
DROP INDEX events_listing_idx;
CREATE INDEX events_listing_idx ON events (brand_id, starts_at, id) INCLUDE (timezone, listed_until);
DROP INDEX events_venue_start_idx;
CREATE INDEX events_venue_start_idx ON events (venue_id, starts_at, id) INCLUDE (brand_id, is_online, listed_until, timezone);
CREATE INDEX search_words_prefix_idx ON search_words (word COLLATE "C");
`;
