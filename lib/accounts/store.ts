import type { Queryable } from '../db/types';
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

export async function setTwoStep(db: Queryable, brandId: string, id: string, on: boolean): Promise<void> {
  await db.query('UPDATE accounts SET two_step = $3 WHERE brand_id = $1 AND id = $2', [brandId, id, on]);
}

// E-mail verification links: a secret in the link, its hash here, valid for 48 hours, used once.
export const EMAIL_LINK_TTL_S = 48 * 3600;

export async function newEmailLink(db: Queryable, accountId: string): Promise<string> {
  const secret = newSecret();
  await db.query(
    `INSERT INTO account_email_links (hash, account_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(secret), accountId, EMAIL_LINK_TTL_S],
  );
  return secret;
}

/** Marks the address of the link's account verified; null when the link is unknown, used or expired. */
export async function useEmailLink(db: Queryable, brandId: string, secret: string): Promise<Account | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  const used = await db.query<{ account_id: string }>(
    `UPDATE account_email_links l SET used_at = now() FROM accounts a
     WHERE l.hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND a.id = l.account_id AND a.brand_id = $2
     RETURNING l.account_id::text AS account_id`,
    [sha256(secret), brandId],
  );
  const id = used[0]?.account_id;
  if (!id) return null;
  await db.query('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [id]);
  return findAccount(db, brandId, id);
}
