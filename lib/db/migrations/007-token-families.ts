// User tokens gain an audience (an API bearer token is not a website session, nor the
// reverse) and a family: the tokens that refreshes chained from one sign-in. The family
// ends at an absolute lifetime from its sign-in, and a rotated token presented again
// revokes it whole (RFC 9700, 4.14.2). Tokens issued before have no family: each is its
// own, started at its issue.
export default `
ALTER TABLE account_tokens ADD COLUMN audience text NOT NULL DEFAULT 'api' CHECK (audience IN ('api', 'site'));
ALTER TABLE account_tokens ADD COLUMN family bytea;
ALTER TABLE account_tokens ADD COLUMN family_started_at timestamptz;
ALTER TABLE account_tokens ADD COLUMN rotated_at timestamptz;
CREATE INDEX account_tokens_family_idx ON account_tokens (family);
`;
