import type { Queryable } from '../db/types';
import { newSecret, sha256 } from './secrets';

// User tokens: opaque (256 random bits behind a recognizable prefix), stored only as a
// SHA-256 hash with the brand, the account, issue, expiry and revocation times.
export const TOKEN_PREFIX = 'cu_';
const TOKEN_SHAPE = /^cu_[A-Za-z0-9_-]{43}$/;

export type IssuedToken = { type: 'bearer'; token: string; expires_at: string };
export type TokenOwner = { accountId: string; brandId: string; expiresAt: Date };

export function looksLikeToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export async function issueToken(db: Queryable, brandId: string, accountId: string, ttlS: number): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + newSecret();
  const rows = await db.query<{ expires_at: Date }>(
    `INSERT INTO account_tokens (hash, brand_id, account_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [sha256(token), brandId, accountId, ttlS],
  );
  return { type: 'bearer', token, expires_at: new Date(rows[0]!.expires_at).toISOString() };
}

/** The owner of a live token of this brand, or null (unknown, another brand's, expired or revoked). */
export async function tokenOwner(db: Queryable, brandId: string, token: string): Promise<TokenOwner | null> {
  if (!looksLikeToken(token)) return null;
  const rows = await db.query<{ account_id: string; expires_at: Date }>(
    `SELECT account_id::text AS account_id, expires_at FROM account_tokens
     WHERE hash = $1 AND brand_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
    [sha256(token), brandId],
  );
  const row = rows[0];
  return row ? { accountId: row.account_id, brandId, expiresAt: new Date(row.expires_at) } : null;
}

/**
 * Revokes a live token of this brand and returns its account, in one statement, so that
 * of two concurrent uses (a refresh and a revoke, or two refreshes) only one wins.
 */
export async function spendToken(db: Queryable, brandId: string, token: string): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const rows = await db.query<{ account_id: string }>(
    `UPDATE account_tokens SET revoked_at = now()
     WHERE hash = $1 AND brand_id = $2 AND revoked_at IS NULL AND expires_at > now()
     RETURNING account_id::text AS account_id`,
    [sha256(token), brandId],
  );
  return rows[0]?.account_id ?? null;
}
