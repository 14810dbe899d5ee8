// Accounts of the authentication host. Every account belongs to one brand; secrets
// (passwords, tokens, verification links, two-step codes) are stored only as hashes.
export default `
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brands(id),
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  two_step boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, email)
);

CREATE TABLE account_tokens (
  hash bytea PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brands(id),
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX account_tokens_account_idx ON account_tokens (account_id);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

CREATE TABLE account_email_links (
  hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE sign_in_attempts (
  hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);

CREATE TABLE captcha_spent (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_spent_expires_idx ON captcha_spent (expires_at);
`;
