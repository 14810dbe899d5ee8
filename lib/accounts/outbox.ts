import type { Queryable } from '../db/types';
import { logger } from '../observability/log';
import type { Deliver, Mail } from './mail';

// The outbox of the account e-mails (migration 013-mail-outbox). An answer that sends
// mail only writes a row, so it takes the same time whether a mail goes out or not (a
// sign-up, a reset request or a sign-in must not tell whether the address has an
// account); senders deliver the rows afterwards, retry failures with backoff, and delete
// each row once sent. A row holds an address and often a live link or code: it lives at
// most MAX_ROW_S, and its content's own life when shorter.

/** A row is never kept longer than this, sent or not. */
export const MAX_ROW_S = 3600;
/** A notice without a link or code is of use for a day; the outbox keeps no row that long anyway. */
export const NOTICE_S = 86_400;
/** Deliveries of one row before it is given up (with BACKOFF_S, about half an hour of retries). */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is left to its sender before another may take it (a sender that died mid-send). */
export const CLAIM_S = 300;
/** Rows claimed at a time by one sender. */
const BATCH = 10;

/** Wait before the next try after `attempts` failed ones: 15 s, 30 s, 1 min, … at most 15 min. */
export function backoffS(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(0, attempts - 1), 900);
}

/** Writes a mail to the outbox; it goes out once a sender drains the outbox. `lifetimeS` is how long its content is of use. */
export async function queueMail(db: Queryable, mail: Mail, lifetimeS: number): Promise<void> {
  await db.query(
    `INSERT INTO mail_outbox (sender, recipient, subject, body, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [mail.from, mail.to, mail.subject, mail.text, Math.min(lifetimeS, MAX_ROW_S)],
  );
}

type Row = { id: string; sender: string; recipient: string; subject: string; body: string; attempts: number };

/**
 * Claims due rows for this sender: each row's `send_after` moves CLAIM_S ahead and its
 * attempt is counted, in one statement; rows another sender holds locked are skipped, so
 * two instances on one database never take the same row.
 */
async function claim(db: Queryable): Promise<Row[]> {
  return db.query<Row>(
    `UPDATE mail_outbox SET attempts = attempts + 1, send_after = now() + make_interval(secs => $1)
     WHERE id IN (SELECT id FROM mail_outbox WHERE send_after <= now() AND expires_at > now() ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, sender, recipient, subject, body, attempts`,
    [CLAIM_S, BATCH],
  );
}

export type DrainOptions = { deliver: Deliver; stopped?: () => boolean };

/**
 * Delivers every due row, deleting each once sent; a failed one is tried again after
 * backoffS, and deleted after MAX_ATTEMPTS. Logs carry the row's id and subject, never
 * its address's mailbox text, link or code. Returns how many were sent.
 */
export async function drainOutbox(db: Queryable, { deliver, stopped = () => false }: DrainOptions): Promise<number> {
  const expired = await db.query<{ id: string }>('DELETE FROM mail_outbox WHERE expires_at <= now() RETURNING id::text AS id');
  if (expired.length > 0) logger().warn({ component: 'mail', ids: expired.map((r) => r.id) }, 'mail not sent before its content expired; deleted');
  let sent = 0;
  while (!stopped()) {
    const rows = await claim(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (stopped()) return sent; // claimed rows go out after CLAIM_S, from whichever sender
      try {
        await deliver({ from: row.sender, to: row.recipient, subject: row.subject, text: row.body });
      } catch (err) {
        await failed(db, row, err);
        continue;
      }
      await db.query('DELETE FROM mail_outbox WHERE id = $1', [row.id]);
      sent++;
      logger().info({ component: 'mail', id: row.id, subject: row.subject, attempts: row.attempts }, 'mail sent');
    }
  }
  return sent;
}

async function failed(db: Queryable, row: Row, err: unknown): Promise<void> {
  // An SMTP server's reply may quote the recipient ("550 <x@y>: unknown user"): the log keeps the reply without it.
  const reason = (err instanceof Error ? err.message : String(err)).replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>');
  if (row.attempts >= MAX_ATTEMPTS) {
    await db.query('DELETE FROM mail_outbox WHERE id = $1', [row.id]);
    logger().error({ component: 'mail', id: row.id, subject: row.subject, attempts: row.attempts, reason }, 'mail given up after its last attempt; deleted');
    return;
  }
  const retryS = backoffS(row.attempts);
  await db.query('UPDATE mail_outbox SET send_after = now() + make_interval(secs => $2) WHERE id = $1', [row.id, retryS]);
  logger().warn({ component: 'mail', id: row.id, subject: row.subject, attempts: row.attempts, retryS, reason }, 'sending mail failed; will retry');
}
