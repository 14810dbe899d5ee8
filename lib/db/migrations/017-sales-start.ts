// When an event's sales open, from its import record (`sales_start_at`): before then the
// event says that sales have not started, and when they will (lib/catalog/event-state.ts).
//
// Similar events (lib/catalog/event/similar.ts) are those of the event's category in its
// city, else its state, nearest to its date: each is a range of one of these indexes, read
// from the event's date forwards and backwards, so the read costs what the few it shows
// cost at any size of the catalog. Events of no category are never similar to any.
export default `
ALTER TABLE events ADD COLUMN sales_start_at timestamptz;
CREATE INDEX events_similar_city_idx ON events (brand_id, category, city_key, starts_at) INCLUDE (listed_until) WHERE category IS NOT NULL;
CREATE INDEX events_similar_state_idx ON events (brand_id, category, state_key, starts_at) INCLUDE (listed_until) WHERE category IS NOT NULL;
`;
