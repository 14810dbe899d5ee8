// Links mailed to an address serve two purposes: verifying it ('verify') and setting a
// new password ('reset'). A verification link sent for a sign-up over an unverified
// account carries that sign-up's name and password hash, applied only when the link is
// used: whoever reads the mailbox decides which sign-up becomes the account.
export default `
ALTER TABLE account_email_links ADD COLUMN purpose text NOT NULL DEFAULT 'verify' CHECK (purpose IN ('verify', 'reset'));
ALTER TABLE account_email_links ADD COLUMN pending_name text;
ALTER TABLE account_email_links ADD COLUMN pending_password_hash text;
CREATE INDEX account_email_links_account_idx ON account_email_links (account_id);
`;
