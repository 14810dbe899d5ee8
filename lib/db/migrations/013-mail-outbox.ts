// The account e-mails wait here between the answer that asks for them and their
// delivery (lib/accounts/outbox.ts), so that no answer waits on the SMTP server and a
// restart loses none. A row holds an address and, for most mails, a live link or code:
// it is deleted once sent, and when its `expires_at` passes (at most an hour after it
// was written) whether sent or not. `send_after` is both the retry time and the claim
// of a sender: claiming a row moves it forward, so another instance skips it meanwhile.
export default `
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  send_after timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sender text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (send_after);
`;
