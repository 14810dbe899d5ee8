import type { Queryable } from '../db/types';
import { newCode, newSecret, sameBytes, sha256 } from './secrets';

// Two-step sign-in: a correct password opens an attempt (an opaque secret given to the
// client) and mails a six-digit code bound to it. The code is stored as SHA-256 of the
// attempt secret and the code, so the attempt's row alone cannot reveal it (its mail waits
// in the outbox until sent, see lib/accounts/outbox.ts); it is valid for
// 10 minutes, for at most 5 tries, and once.
export const CODE_TTL_S = 600;
export const CODE_MAX_TRIES = 5;
export const ATTEMPT_PREFIX = 'sa_';

const codeHash = (attempt: string, code: string) => sha256(`${attempt}:${code}`);

export async function openAttempt(db: Queryable, accountId: string): Promise<{ attempt: string; code: string }> {
  const attempt = ATTEMPT_PREFIX + newSecret();
  const code = newCode();
  await db.query(
    `INSERT INTO sign_in_attempts (hash, account_id, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(attempt), accountId, codeHash(attempt, code), CODE_TTL_S],
  );
  return { attempt, code };
}

export type CodeCheck = { ok: true; accountId: string } | { ok: false; reason: 'wrong_code' | 'attempt_over' };

/**
 * Checks a code against its attempt. A try is counted before the comparison, in one
 * statement, so that concurrent tries cannot pass the limit; a right code closes the attempt.
 */
export async function checkCode(db: Queryable, attempt: string, code: string): Promise<CodeCheck> {
  if (!/^sa_[A-Za-z0-9_-]{43}$/.test(attempt)) return { ok: false, reason: 'attempt_over' };
  const rows = await db.query<{ account_id: string; code_hash: Uint8Array; tries: number }>(
    `UPDATE sign_in_attempts SET tries = tries + 1
     WHERE hash = $1 AND used_at IS NULL AND expires_at > now() AND tries < $2
     RETURNING account_id::text AS account_id, code_hash, tries`,
    [sha256(attempt), CODE_MAX_TRIES],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'attempt_over' };
  if (!/^\d{6}$/.test(code) || !sameBytes(Buffer.from(row.code_hash), codeHash(attempt, code))) {
    return { ok: false, reason: row.tries >= CODE_MAX_TRIES ? 'attempt_over' : 'wrong_code' };
  }
  const closed = await db.query('UPDATE sign_in_attempts SET used_at = now() WHERE hash = $1 AND used_at IS NULL RETURNING 1', [sha256(attempt)]);
  return closed.length === 1 ? { ok: true, accountId: row.account_id } : { ok: false, reason: 'attempt_over' };
}
