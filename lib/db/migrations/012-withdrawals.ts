// An event withdrawn upstream leaves the catalog: the import deletes its row (its
// tickets follow by cascade, its search postings by the statement trigger of migration
// 008) and writes a tombstone here, keyed like the event by brand and slug. The
// tombstone lets the API and the event page say the event was withdrawn rather than
// never existed, and keeps the slug from being given to a different event unless the
// import says so: an event comes back when its line names the same event (same name and
// start), or when the import is told to reinstate withdrawn slugs.
export default `
CREATE TABLE event_withdrawals (
  brand_id text NOT NULL REFERENCES brands(id),
  slug text NOT NULL,
  withdrawn_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  starts_at timestamptz,
  content_digest text,
  PRIMARY KEY (brand_id, slug)
);
`;
