// Events a person saved from their pages, to come back to from /conta. A row names the
// event by brand and slug, as the catalog does, never by the event's row id: an import
// that replaces or withdraws the row leaves the saved event in place, and the account's
// page says what became of it (withdrawn: see event_withdrawals). The name is the one
// shown when it was saved, for an event no longer in the catalog. Rows go with their
// account (ON DELETE CASCADE); lib/accounts/saved-events.ts bounds how many one keeps.
export default `
CREATE TABLE saved_events (
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  brand_id text NOT NULL REFERENCES brands(id),
  slug text NOT NULL,
  name text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, slug)
);
`;
