// What the listing's filters offer, kept as the catalog changes instead of counted on a
// request (lib/catalog/filters.ts):
//
// - listed_event_days: how many events each city and each category has, per UTC day of the
//   events' listed_until (the end that hides an ended event; 'infinity' when none). The
//   events listed now are those of the days after today plus those of today that have not
//   ended yet: the reader sums the buckets after today and counts today's events exactly
//   through events_listed_until_idx, so an event leaves the counts the moment it ends, with
//   no job and no scan of the catalog. A bucket that falls to zero is deleted.
// - producers.listed_until: the latest listed_until of the organizer's events, so that an
//   organizer "has events listed now" is one row's test (its page, the sitemap).
//
// Statement triggers on events keep both in step with every insert, update and delete
// (imports, withdrawals); a venue that changes city moves its events' buckets.
export default `
CREATE TABLE listed_event_days (
  brand_id text NOT NULL,
  facet text NOT NULL,           -- 'city' or 'category'
  day date NOT NULL,             -- UTC day of the events' listed_until
  value text NOT NULL,           -- the venue's city, or the category's slug
  state text NOT NULL DEFAULT '', -- the city's state_abbr ('' when none, and for categories)
  events integer NOT NULL,
  PRIMARY KEY (brand_id, facet, day, value, state)
);

ALTER TABLE producers ADD COLUMN listed_until timestamptz;

CREATE FUNCTION listed_facets(brand text, venue bigint, category text, until timestamptz)
RETURNS TABLE (brand_id text, facet text, day date, value text, state text) LANGUAGE sql STABLE AS $$
  SELECT brand, 'city', (until AT TIME ZONE 'UTC')::date, v.city, coalesce(v.state_abbr, '')
  FROM venues v WHERE v.id = venue AND v.city IS NOT NULL
  UNION ALL
  SELECT brand, 'category', (until AT TIME ZONE 'UTC')::date, category, '' WHERE category IS NOT NULL
$$;

CREATE FUNCTION listed_summary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_event_days AS d (brand_id, facet, day, value, state, events)
  SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int
  FROM new_events n, listed_facets(n.brand_id, n.venue_id, n.category, n.listed_until) f
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, facet, day, value, state) DO UPDATE SET events = d.events + excluded.events;
  UPDATE producers p SET listed_until = greatest(p.listed_until, m.until)
  FROM (SELECT producer_id, max(listed_until) AS until FROM new_events WHERE producer_id IS NOT NULL GROUP BY 1) m
  WHERE p.id = m.producer_id AND p.listed_until IS DISTINCT FROM greatest(p.listed_until, m.until);
  RETURN NULL;
END
$$;

CREATE FUNCTION listed_summary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listed_event_days d SET events = d.events - g.n
  FROM (SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int AS n
        FROM old_events o, listed_facets(o.brand_id, o.venue_id, o.category, o.listed_until) f GROUP BY 1, 2, 3, 4, 5) g
  WHERE (d.brand_id, d.facet, d.day, d.value, d.state) = (g.brand_id, g.facet, g.day, g.value, g.state);
  DELETE FROM listed_event_days d
  USING (SELECT DISTINCT f.brand_id, f.facet, f.day, f.value, f.state
         FROM old_events o, listed_facets(o.brand_id, o.venue_id, o.category, o.listed_until) f) g
  WHERE (d.brand_id, d.facet, d.day, d.value, d.state) = (g.brand_id, g.facet, g.day, g.value, g.state) AND d.events <= 0;
  UPDATE producers p SET listed_until = (SELECT max(e.listed_until) FROM events e WHERE e.producer_id = p.id)
  WHERE p.id IN (SELECT producer_id FROM old_events WHERE producer_id IS NOT NULL);
  RETURN NULL;
END
$$;

-- An update is the delete of the rows as they were and the insert of the rows as they are,
-- for the rows whose brand, venue, category, end or organizer changed.
CREATE FUNCTION listed_summary_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A re-import that changes none of these (the usual case) stops here.
  IF NOT EXISTS (SELECT 1 FROM old_events o JOIN new_events n ON n.id = o.id
                 WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
                   IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) THEN
    RETURN NULL;
  END IF;
  UPDATE listed_event_days d SET events = d.events - g.n
  FROM (SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int AS n
        FROM (SELECT o.* FROM old_events o JOIN new_events n ON n.id = o.id
          WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
            IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) c, listed_facets(c.brand_id, c.venue_id, c.category, c.listed_until) f GROUP BY 1, 2, 3, 4, 5) g
  WHERE (d.brand_id, d.facet, d.day, d.value, d.state) = (g.brand_id, g.facet, g.day, g.value, g.state);
  DELETE FROM listed_event_days d
  USING (SELECT DISTINCT f.brand_id, f.facet, f.day, f.value, f.state
         FROM (SELECT o.* FROM old_events o JOIN new_events n ON n.id = o.id
          WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
            IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) c, listed_facets(c.brand_id, c.venue_id, c.category, c.listed_until) f) g
  WHERE (d.brand_id, d.facet, d.day, d.value, d.state) = (g.brand_id, g.facet, g.day, g.value, g.state) AND d.events <= 0;
  INSERT INTO listed_event_days AS d (brand_id, facet, day, value, state, events)
  SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int
  FROM (SELECT n.* FROM old_events o JOIN new_events n ON n.id = o.id
          WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
            IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) c, listed_facets(c.brand_id, c.venue_id, c.category, c.listed_until) f
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, facet, day, value, state) DO UPDATE SET events = d.events + excluded.events;
  UPDATE producers p SET listed_until = (SELECT max(e.listed_until) FROM events e WHERE e.producer_id = p.id)
  WHERE p.id IN (SELECT c.producer_id FROM (SELECT o.* FROM old_events o JOIN new_events n ON n.id = o.id
          WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
            IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) c UNION SELECT c.producer_id FROM (SELECT n.* FROM old_events o JOIN new_events n ON n.id = o.id
          WHERE (o.brand_id, o.venue_id, o.category, o.listed_until, o.producer_id)
            IS DISTINCT FROM (n.brand_id, n.venue_id, n.category, n.listed_until, n.producer_id)) c);
  RETURN NULL;
END
$$;

CREATE TRIGGER events_listed_summary_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION listed_summary_insert();
CREATE TRIGGER events_listed_summary_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION listed_summary_delete();
CREATE TRIGGER events_listed_summary_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION listed_summary_update();

-- A venue that changes city (or state) takes its events' buckets along.
CREATE FUNCTION listed_venue_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listed_event_days d SET events = d.events - m.n
  FROM (SELECT (e.listed_until AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM events e WHERE e.venue_id = OLD.id GROUP BY 1) m
  WHERE d.brand_id = OLD.brand_id AND d.facet = 'city' AND d.day = m.day AND d.value = OLD.city AND d.state = coalesce(OLD.state_abbr, '');
  DELETE FROM listed_event_days d
  WHERE d.brand_id = OLD.brand_id AND d.facet = 'city' AND d.value = OLD.city AND d.state = coalesce(OLD.state_abbr, '') AND d.events <= 0;
  INSERT INTO listed_event_days AS d (brand_id, facet, day, value, state, events)
  SELECT NEW.brand_id, 'city', (e.listed_until AT TIME ZONE 'UTC')::date, NEW.city, coalesce(NEW.state_abbr, ''), count(*)::int
  FROM events e WHERE e.venue_id = NEW.id AND NEW.city IS NOT NULL GROUP BY 3
  ON CONFLICT (brand_id, facet, day, value, state) DO UPDATE SET events = d.events + excluded.events;
  RETURN NULL;
END
$$;

CREATE TRIGGER venues_listed_summary AFTER UPDATE OF city, state_abbr ON venues FOR EACH ROW
  WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.state_abbr IS DISTINCT FROM NEW.state_abbr)
  EXECUTE FUNCTION listed_venue_moved();

-- The catalog as it stands.
INSERT INTO listed_event_days (brand_id, facet, day, value, state, events)
SELECT f.brand_id, f.facet, f.day, f.value, f.state, count(*)::int
FROM events e, listed_facets(e.brand_id, e.venue_id, e.category, e.listed_until) f
GROUP BY 1, 2, 3, 4, 5;
UPDATE producers p SET listed_until = m.until
FROM (SELECT producer_id, max(listed_until) AS until FROM events WHERE producer_id IS NOT NULL GROUP BY 1) m
WHERE p.id = m.producer_id;

-- Sitemap files read organizers and events by key ranges of the brand's ids.
CREATE INDEX producers_listed_idx ON producers (brand_id, id) INCLUDE (slug, listed_until);
CREATE INDEX events_brand_id_idx ON events (brand_id, id) INCLUDE (slug, updated_at);
`;
