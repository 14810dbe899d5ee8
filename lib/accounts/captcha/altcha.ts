import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { config } from '../../config';
import type { Queryable } from '../../db/types';
import { processShared } from '../../process-shared';

// ALTCHA, self-hosted proof of work. A challenge is signed (HMAC-SHA-256 with
// ALTCHA_HMAC_SECRET), names its brand, expires after ALTCHA_TTL_S, and is spent once:
// its nonce is recorded in the catalog database (captcha_spent), which every instance
// shares, so a solved challenge cannot be replayed on another instance either.
const ALGORITHM = 'SHA-256';
const KEY_PREFIX = '00'; // 8 bits: 256 tries on average, of ALTCHA_COST chained SHA-256 hashes each

const secretState = processShared('altcha-secret', () => ({ secret: undefined as string | undefined }));

function secret(): string {
  const configured = config().accounts.captcha.altchaSecret;
  if (configured) return configured;
  secretState.secret ??= randomBytes(32).toString('base64url');
  return secretState.secret;
}

/** A challenge for the brand, expiring ALTCHA_TTL_S after `now` (tests pass an earlier `now`). */
export async function mintChallenge(brandId: string, now = Date.now()): Promise<Challenge> {
  const c = config().accounts.captcha;
  return createChallenge({
    algorithm: ALGORITHM,
    cost: c.altchaCost,
    keyPrefix: KEY_PREFIX,
    deriveKey,
    expiresAt: Math.floor(now / 1000) + c.altchaTtlS,
    data: { brand: brandId },
    hmacSignatureSecret: secret(),
  });
}

export type AltchaOutcome = 'ok' | 'malformed' | 'forged' | 'expired' | 'wrong_brand' | 'replayed';

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } };

function parse(response: string): Payload | null {
  if (response.length > 8_192) return null;
  try {
    const value = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as Payload;
    if (!value || typeof value !== 'object' || !value.challenge?.parameters || !value.solution) return null;
    return value;
  } catch {
    return null;
  }
}

/** Verifies the widget's base64 payload for this brand and spends its challenge. */
export async function verifyAltcha(db: Queryable, brandId: string, response: string): Promise<AltchaOutcome> {
  const payload = parse(response);
  if (!payload) return 'malformed';
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret() });
  } catch {
    return 'malformed';
  }
  if (result.expired) return 'expired';
  if (!result.verified) return 'forged';
  const p = payload.challenge.parameters;
  if (p.data?.brand !== brandId) return 'wrong_brand';
  if (typeof p.expiresAt !== 'number') return 'forged';
  // Spent once, across instances: the first insert wins.
  const spent = await db.query(
    `INSERT INTO captcha_spent (id, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [`altcha:${p.nonce}`, p.expiresAt],
  );
  if (spent.length === 0) return 'replayed';
  // Expired records can no longer be replayed anyway: sweep a few now and then.
  if (Math.random() < 0.05) await db.query('DELETE FROM captcha_spent WHERE expires_at < now()');
  return 'ok';
}
