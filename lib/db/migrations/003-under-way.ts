// Listings read events in start order in three parts (see listSql). The events under
// way (started and not yet ended) are found by the span they are listed for; import
// guarantees that an event ends no earlier than it starts, so the span is a valid range.
export default `
CREATE INDEX events_under_way_idx ON events USING gist (tstzrange(starts_at, listed_until, '[]')) WHERE starts_at IS NOT NULL;
`;
