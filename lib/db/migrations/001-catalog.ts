// The internal catalog: more than the public API shows. Columns marked "internal" never
// leave lib/catalog; the public mapping names every field it sends.
export default `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (it reads a dictionary by search_path); naming the schema and
-- the dictionary makes the result fixed, so the wrapper can be IMMUTABLE and indexed.
CREATE OR REPLACE FUNCTION catalog_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $fn$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $fn$;

CREATE TABLE brands (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE producers (
  id bigserial PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brands(id),
  slug text NOT NULL,
  name text NOT NULL,
  contact_email text,              -- internal
  commission_rate numeric(5,4),    -- internal
  internal_notes text,             -- internal
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, slug)
);

CREATE TABLE venues (
  id bigserial PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brands(id),
  key text NOT NULL,
  name text,
  city text,
  state text,
  state_abbr text,
  formatted_address text,
  latitude numeric(9,6),
  longitude numeric(9,6),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, key)
);

CREATE TABLE events (
  id bigserial PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brands(id),
  slug text NOT NULL,
  name text NOT NULL,
  description text,
  status text,
  starts_at timestamptz,
  ends_at timestamptz,
  timezone text,
  is_online boolean NOT NULL DEFAULT false,
  is_closed boolean NOT NULL DEFAULT false,
  banner_url text,
  thumbnail_url text,
  venue_id bigint REFERENCES venues(id),
  producer_id bigint REFERENCES producers(id),
  internal_notes text,             -- internal
  -- Derived at import: the end used to hide ended events, and folded search keys.
  listed_until timestamptz NOT NULL DEFAULT 'infinity',
  city_key text,
  state_key text,
  search_tsv tsvector NOT NULL DEFAULT ''::tsvector,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, slug)
);

CREATE INDEX events_listing_idx ON events (brand_id, starts_at, id);
CREATE INDEX events_listed_until_idx ON events (brand_id, listed_until);
CREATE INDEX events_city_idx ON events (brand_id, city_key, starts_at);
CREATE INDEX events_state_idx ON events (brand_id, state_key, starts_at);
CREATE INDEX events_producer_idx ON events (producer_id, starts_at);
CREATE INDEX events_venue_idx ON events (venue_id);
CREATE INDEX events_search_idx ON events USING gin (search_tsv);

CREATE TABLE ticket_sectors (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  UNIQUE (event_id, position)
);

CREATE TABLE ticket_lots (
  id bigserial PRIMARY KEY,
  sector_id bigint NOT NULL REFERENCES ticket_sectors(id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  fee_cents integer NOT NULL CHECK (fee_cents >= 0),
  currency char(3) NOT NULL DEFAULT 'BRL',
  available boolean NOT NULL DEFAULT true,
  UNIQUE (sector_id, position)
);

-- One row; its version moves on every import so caches can tell a new snapshot.
CREATE TABLE catalog_state (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO catalog_state (id, version) VALUES (1, 0);
`;
