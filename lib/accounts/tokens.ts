import type { Queryable } from '../db/types';
import { newSecret, sha256 } from './secrets';

// User tokens: opaque (256 random bits behind a recognizable prefix), stored only as a
// SHA-256 hash with the brand, the account, issue, expiry and revocation times. Each has
// an audience: 'api' (a bearer token of the account API, one a person may hand to an
// agent) or 'site' (the website's session cookie); neither is accepted as the other.
// Refreshes chain tokens into a family that ends `sessionMaxS` after its sign-in.
export const TOKEN_PREFIX = 'cu_';
const TOKEN_SHAPE = /^cu_[A-Za-z0-9_-]{43}$/;

export type Audience = 'api' | 'site';
export type IssuedToken = { type: 'bearer'; token: string; expires_at: string };
export type TokenOwner = { accountId: string; brandId: string; expiresAt: Date };

export function looksLikeToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** A family of refreshed tokens: its id, its sign-in, and the end of its absolute lifetime. */
export type TokenFamily = { id: Buffer; startedAt: Date; endsAt: Date };

/**
 * A new token; a refresh passes the family it continues, a sign-in starts one. A token
 * of a family never outlives the family: it expires `ttlS` from now or at the family's
 * end, whichever comes first.
 */
export async function issueToken(db: Queryable, brandId: string, accountId: string, ttlS: number, audience: Audience, family?: TokenFamily): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + newSecret();
  const hash = sha256(token);
  const rows = await db.query<{ expires_at: Date }>(
    `INSERT INTO account_tokens (hash, brand_id, account_id, expires_at, audience, family, family_started_at)
     VALUES ($1, $2, $3, least(now() + make_interval(secs => $4), coalesce($8::timestamptz, 'infinity')), $5, $6, coalesce($7, now())) RETURNING expires_at`,
    [hash, brandId, accountId, ttlS, audience, family?.id ?? hash, family?.startedAt ?? null, family?.endsAt ?? null],
  );
  return { type: 'bearer', token, expires_at: new Date(rows[0]!.expires_at).toISOString() };
}

/** The owner of a live token of this brand and audience, or null (unknown, another brand's or audience's, expired or revoked). */
export async function tokenOwner(db: Queryable, brandId: string, token: string, audience: Audience): Promise<TokenOwner | null> {
  if (!looksLikeToken(token)) return null;
  const rows = await db.query<{ account_id: string; expires_at: Date }>(
    `SELECT account_id::text AS account_id, expires_at FROM account_tokens
     WHERE hash = $1 AND brand_id = $2 AND audience = $3 AND revoked_at IS NULL AND expires_at > now()`,
    [sha256(token), brandId, audience],
  );
  const row = rows[0];
  return row ? { accountId: row.account_id, brandId, expiresAt: new Date(row.expires_at) } : null;
}

/**
 * Revokes a live token of this brand (any audience) and returns its account, in one
 * statement, so that of two concurrent uses only one wins.
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

export type Rotation = { ok: true; accountId: string; family: TokenFamily } | { ok: false };

/**
 * One refresh of an API token: the token is marked rotated, and its family goes on, unless
 * its sign-in is older than `sessionMaxS`. A token that was already rotated, presented
 * again, means two holders (one of them a thief): its whole family is revoked.
 */
export async function rotateToken(db: Queryable, brandId: string, token: string, sessionMaxS: number): Promise<Rotation> {
  if (!looksLikeToken(token)) return { ok: false };
  const hash = sha256(token);
  const rotated = await db.query<{ account_id: string; family: Buffer; family_started_at: Date; family_ends_at: Date }>(
    `UPDATE account_tokens SET revoked_at = now(), rotated_at = now()
     WHERE hash = $1 AND brand_id = $2 AND audience = 'api' AND revoked_at IS NULL AND expires_at > now()
       AND coalesce(family_started_at, issued_at) > now() - make_interval(secs => $3)
     RETURNING account_id::text AS account_id, coalesce(family, hash) AS family, coalesce(family_started_at, issued_at) AS family_started_at,
       coalesce(family_started_at, issued_at) + make_interval(secs => $3) AS family_ends_at`,
    [hash, brandId, sessionMaxS],
  );
  const row = rotated[0];
  if (row) {
    const family = { id: Buffer.from(row.family), startedAt: new Date(row.family_started_at), endsAt: new Date(row.family_ends_at) };
    return { ok: true, accountId: row.account_id, family };
  }
  // Refused: a rotated token seen again revokes every token of its family.
  await db.query(
    `UPDATE account_tokens SET revoked_at = now()
     WHERE revoked_at IS NULL AND family = (SELECT coalesce(family, hash) FROM account_tokens WHERE hash = $1 AND brand_id = $2 AND rotated_at IS NOT NULL)`,
    [hash, brandId],
  );
  return { ok: false };
}
