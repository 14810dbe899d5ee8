import type { Db, Queryable } from '../db/types';
import { newSecret, sha256 } from './secrets';

export type Account = {
  id: string;
  brandId: string;
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
  twoStep: boolean;
  createdAt: Date;
};

type Row = {
  id: string;
  brand_id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: Date | null;
  two_step: boolean;
  created_at: Date;
};

const COLUMNS = 'id::text AS id, brand_id, email, name, password_hash, email_verified_at, two_step, created_at';

function toAccount(r: Row): Account {
  return {
    id: r.id,
    brandId: r.brand_id,
    email: r.email,
    name: r.name,
    passwordHash: r.password_hash,
    emailVerified: r.email_verified_at !== null,
    twoStep: r.two_step,
    createdAt: new Date(r.created_at),
  };
}

export async function findAccountByEmail(db: Queryable, brandId: string, email: string): Promise<Account | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM accounts WHERE brand_id = $1 AND email = $2`, [brandId, email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccount(db: Queryable, brandId: string, id: string): Promise<Account | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM accounts WHERE brand_id = $1 AND id = $2`, [brandId, id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Creates the account, or returns null when the e-mail already has one on this brand. */
export async function insertAccount(
  db: Queryable,
  a: { brandId: string; email: string; name: string; passwordHash: string },
): Promise<Account | null> {
  const rows = await db.query<Row>(
    `INSERT INTO accounts (brand_id, email, name, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (brand_id, email) DO NOTHING RETURNING ${COLUMNS}`,
    [a.brandId, a.email, a.name, a.passwordHash],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** A new name for the account (already checked: 1 to 100 characters). */
export async function setName(db: Queryable, brandId: string, id: string, name: string): Promise<void> {
  await db.query('UPDATE accounts SET name = $3 WHERE brand_id = $1 AND id = $2', [brandId, id, name]);
}

/** A new password hash for the account. */
export async function setPasswordHash(db: Queryable, brandId: string, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE accounts SET password_hash = $3 WHERE brand_id = $1 AND id = $2', [brandId, id, passwordHash]);
}

/**
 * Deletes the account and, by cascade (migrations 005 and 018), its tokens, mailed
 * links, two-step attempts and saved events. True when there was one to delete.
 */
export async function deleteAccountRow(db: Queryable, brandId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM accounts WHERE brand_id = $1 AND id = $2 RETURNING id', [brandId, id]);
  return rows.length > 0;
}

export async function setTwoStep(db: Queryable, brandId: string, id: string, on: boolean): Promise<void> {
  await db.query('UPDATE accounts SET two_step = $3 WHERE brand_id = $1 AND id = $2', [brandId, id, on]);
}

// Links mailed to an account's address: a secret in the link, its hash here, used once.
// A verification link is valid for 48 hours, a password-reset link for one hour.
export const EMAIL_LINK_TTL_S = 48 * 3600;
export const RESET_LINK_TTL_S = 3600;
/** An account whose address was never verified is forgotten this long after its creation. */
export const UNVERIFIED_TTL_S = 48 * 3600;

type Purpose = 'verify' | 'reset';
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function newLink(db: Queryable, accountId: string, purpose: Purpose, ttlS: number, pending?: Pending): Promise<string> {
  const secret = newSecret();
  await db.query(
    `INSERT INTO account_email_links (hash, account_id, expires_at, purpose, pending_name, pending_password_hash)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, $6)`,
    [sha256(secret), accountId, ttlS, purpose, pending?.name ?? null, pending?.passwordHash ?? null],
  );
  return secret;
}

type Pending = { name: string; passwordHash: string };

/**
 * A verification link. A link confirms the password of the request that produced it,
 * and no other: one sent for a sign-up over the unverified account carries that
 * sign-up's name and password hash, which become the account's when the link is used,
 * and spends every older link (a newer sign-up replaces the older ones). A link without
 * `pending` (the first sign-up's, or one mailed again on a sign-in of the unverified
 * account) leaves the account's own password, the one that sign-in just proved: it
 * never carries a password some other sign-up chose.
 */
export async function newEmailLink(db: Queryable, accountId: string, pending?: Pending): Promise<string> {
  if (pending) await db.query(`UPDATE account_email_links SET used_at = now() WHERE account_id = $1 AND purpose = 'verify' AND used_at IS NULL`, [accountId]);
  return newLink(db, accountId, 'verify', EMAIL_LINK_TTL_S, pending);
}

export function newResetLink(db: Queryable, accountId: string): Promise<string> {
  return newLink(db, accountId, 'reset', RESET_LINK_TTL_S);
}

/** Spends a live link of this brand and purpose: its account id and pending sign-up, or null. */
async function spendLink(db: Queryable, brandId: string, secret: string, purpose: Purpose) {
  if (!SECRET_SHAPE.test(secret)) return null;
  const rows = await db.query<{ account_id: string; pending_name: string | null; pending_password_hash: string | null }>(
    `UPDATE account_email_links l SET used_at = now() FROM accounts a
     WHERE l.hash = $1 AND l.purpose = $3 AND l.used_at IS NULL AND l.expires_at > now() AND a.id = l.account_id AND a.brand_id = $2
     RETURNING l.account_id::text AS account_id, l.pending_name, l.pending_password_hash`,
    [sha256(secret), brandId, purpose],
  );
  return rows[0] ?? null;
}

/** The account a live link of this brand and purpose is for, without spending it. */
export async function linkAccount(db: Queryable, brandId: string, secret: string, purpose: Purpose): Promise<Account | null> {
  if (!SECRET_SHAPE.test(secret)) return null;
  const rows = await db.query<Row>(
    `SELECT a.id::text AS id, a.brand_id, a.email, a.name, a.password_hash, a.email_verified_at, a.two_step, a.created_at
     FROM account_email_links l JOIN accounts a ON a.id = l.account_id
     WHERE l.hash = $1 AND l.purpose = $3 AND l.used_at IS NULL AND l.expires_at > now() AND a.brand_id = $2`,
    [sha256(secret), brandId, purpose],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Every other live link of the account is spent too: one mailbox decision ends them all. */
async function spendOtherLinks(db: Queryable, accountId: string): Promise<void> {
  await db.query('UPDATE account_email_links SET used_at = now() WHERE account_id = $1 AND used_at IS NULL', [accountId]);
}

/** Revokes every live token of the account (a new password, "sign out everywhere"), but `except`'s when given. */
export async function revokeAllTokens(db: Queryable, accountId: string, except?: string): Promise<void> {
  await db.query('UPDATE account_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL AND hash IS DISTINCT FROM $2', [
    accountId,
    except === undefined ? null : sha256(except),
  ]);
}

/**
 * Uses a verification link: the address is verified and, when the link came from a
 * sign-up over the unverified account, that sign-up's name and password become the
 * account's. Null when the link is unknown, used, expired or another brand's.
 */
export async function useEmailLink(db: Db, brandId: string, secret: string): Promise<Account | null> {
  const id = await db.transaction(async (tx) => {
    const link = await spendLink(tx, brandId, secret, 'verify');
    if (!link) return null;
    if (link.pending_password_hash !== null) {
      await tx.query('UPDATE accounts SET name = $2, password_hash = $3 WHERE id = $1', [link.account_id, link.pending_name, link.pending_password_hash]);
      await revokeAllTokens(tx, link.account_id);
    }
    await tx.query('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [link.account_id]);
    await spendOtherLinks(tx, link.account_id);
    return link.account_id;
  });
  return id ? findAccount(db, brandId, id) : null;
}

/**
 * Uses a password-reset link: the new password, the address verified (the link proves
 * the mailbox), every other link spent and every token revoked. Null when the link is
 * unknown, used, expired or another brand's.
 */
export async function useResetLink(db: Db, brandId: string, secret: string, passwordHash: string): Promise<Account | null> {
  const id = await db.transaction(async (tx) => {
    const link = await spendLink(tx, brandId, secret, 'reset');
    if (!link) return null;
    await tx.query('UPDATE accounts SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [link.account_id, passwordHash]);
    await spendOtherLinks(tx, link.account_id);
    await revokeAllTokens(tx, link.account_id);
    return link.account_id;
  });
  return id ? findAccount(db, brandId, id) : null;
}

/** Forgets the account of this address when it was never verified and is past UNVERIFIED_TTL_S. */
export async function forgetExpiredUnverified(db: Queryable, brandId: string, email: string): Promise<void> {
  await db.query(
    `DELETE FROM accounts WHERE brand_id = $1 AND email = $2 AND email_verified_at IS NULL AND created_at < now() - make_interval(secs => $3)`,
    [brandId, email, UNVERIFIED_TTL_S],
  );
}
