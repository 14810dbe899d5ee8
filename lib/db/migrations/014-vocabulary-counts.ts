// The typo vocabulary (search_words, migration 004) holds the words that events in the
// catalog bring, and only those: each word counts the events whose search keys hold it,
// and leaves when that count reaches zero. Until now the import added the words of each
// event it wrote and nothing ever took one away, so "você quis dizer" could still offer
// the name of an event withdrawn from the catalog (for legal reasons too), renamed, or
// deleted by a whole-catalog import.
//  - Statement triggers on events keep the counts, whoever writes: an insert adds its
//    events' words, a delete subtracts them, an update subtracts the old words and adds
//    the new ones of the events whose search keys changed. Each touches the rows of the
//    words of the events in the statement (by primary key), never the whole catalog.
//  - Words of fewer than 4 characters are left out, as before: too short for a typo.
//  - This migration counts every event's words once (one pass over the catalog) and
//    drops the words that no event brings any more.
export default `
ALTER TABLE search_words ADD COLUMN events integer NOT NULL DEFAULT 0;
INSERT INTO search_words (word, events)
  SELECT w, count(*)::int FROM events, unnest(tsvector_to_array(search_tsv)) AS w WHERE char_length(w) >= 4 GROUP BY w
  ON CONFLICT (word) DO UPDATE SET events = excluded.events;
DELETE FROM search_words WHERE events = 0;
ALTER TABLE search_words ALTER COLUMN events DROP DEFAULT;

-- Adds each word's change in count; a word whose count reaches zero leaves.
CREATE FUNCTION search_words_count(words text[], deltas int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF words IS NULL OR cardinality(words) = 0 THEN RETURN; END IF;
  INSERT INTO search_words (word, events)
  SELECT w, d FROM unnest(words, deltas) AS x(w, d)
  ON CONFLICT (word) DO UPDATE SET events = search_words.events + excluded.events;
  DELETE FROM search_words s USING unnest(words) AS x(w) WHERE s.word = x.w AND s.events <= 0;
END
$$;

-- The words (4 characters or more) of an event's search keys.
CREATE FUNCTION search_words_of(tsv tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(tsv)) AS w WHERE char_length(w) >= 4
$$;

CREATE FUNCTION search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE words text[]; deltas int[];
BEGIN
  SELECT array_agg(w), array_agg(n) INTO words, deltas
  FROM (SELECT w, count(*)::int AS n FROM new_events n, search_words_of(n.search_tsv) AS w GROUP BY w) c;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;

CREATE FUNCTION search_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE words text[]; deltas int[];
BEGIN
  SELECT array_agg(w), array_agg(-n) INTO words, deltas
  FROM (SELECT w, count(*)::int AS n FROM old_events o, search_words_of(o.search_tsv) AS w GROUP BY w) c;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;

-- Only the events whose search keys changed, and of those only the words that differ.
CREATE FUNCTION search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE words text[]; deltas int[];
BEGIN
  WITH changed AS (
    SELECT o.search_tsv AS old_tsv, n.search_tsv AS new_tsv
    FROM new_events n JOIN old_events o ON o.id = n.id
    WHERE o.search_tsv IS DISTINCT FROM n.search_tsv
  ), moves AS (
    SELECT w, 1 AS d FROM changed c, search_words_of(c.new_tsv) AS w
    UNION ALL
    SELECT w, -1 FROM changed c, search_words_of(c.old_tsv) AS w
  )
  SELECT array_agg(w), array_agg(n) INTO words, deltas
  FROM (SELECT w, sum(d)::int AS n FROM moves GROUP BY w HAVING sum(d) <> 0) c;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;

CREATE TRIGGER events_words_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_words_insert();
CREATE TRIGGER events_words_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_words_update();
CREATE TRIGGER events_words_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION search_words_delete();
`;
