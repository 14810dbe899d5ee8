import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import { config } from '../config';
import { processShared } from '../process-shared';

// Brute-force limits of the authentication host (OWASP ASVS V2.2.1), shared through Redis
// when REDIS_URL is set, in memory otherwise:
//  - signInEmail: consecutive failed sign-ins per brand, e-mail and address; a success resets it;
//  - signInAddress: failed sign-ins per address per day, whatever the e-mail;
//  - signUp: accounts created per address per hour;
//  - challenge: CAPTCHA challenges minted per address per minute.
export type AuthLimit = 'signInEmail' | 'signInAddress' | 'signUp' | 'challenge';

export class LimitExceeded extends Error {
  constructor(readonly retryAfterS: number) {
    super('limit exceeded');
  }
}

const state = processShared('account-limits', () => ({ limiters: undefined as Record<AuthLimit, RateLimiterAbstract> | undefined }));

function build(): Record<AuthLimit, RateLimiterAbstract> {
  const l = config().accounts.limits;
  const prefix = `${config().rateLimit.prefix}:auth`;
  const url = config().redisUrl;
  const redis = url
    ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: (n) => Math.min(n * 250, 2_000) })
    : undefined;
  redis?.on('error', () => {});
  const make = (name: AuthLimit, points: number, duration: number, blockDuration = 0): RateLimiterAbstract => {
    const opts = { points, duration, blockDuration, keyPrefix: `${prefix}:${name}` };
    const memory = new RateLimiterMemory(opts);
    return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  };
  return {
    signInEmail: make('signInEmail', l.consecutive, l.consecutiveBlockS, l.consecutiveBlockS),
    signInAddress: make('signInAddress', l.addressDay, 86_400),
    signUp: make('signUp', l.signupsHour, 3_600),
    challenge: make('challenge', l.challengesMinute, 60),
  };
}

function limiters(): Record<AuthLimit, RateLimiterAbstract> {
  return (state.limiters ??= build());
}

const retryS = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Throws LimitExceeded when `key` has no points left under `limit` (nothing is spent). */
export async function ensureUnder(limit: AuthLimit, key: string): Promise<void> {
  try {
    const res = await limiters()[limit].get(key);
    const max = (limiters()[limit] as unknown as { points: number }).points;
    if (res && res.consumedPoints >= max) throw new LimitExceeded(retryS(res));
  } catch (err) {
    if (err instanceof LimitExceeded) throw err;
  }
}

/** Spends one point; throws LimitExceeded when that was past the limit. */
export async function spend(limit: AuthLimit, key: string): Promise<void> {
  try {
    await limiters()[limit].consume(key, 1);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new LimitExceeded(retryS(err));
    console.warn(`[auth-limits] store error, request allowed: ${(err as Error).message}`);
  }
}

/** Records a failure without refusing the request that failed. */
export async function recordFailure(limit: AuthLimit, key: string): Promise<void> {
  try {
    await limiters()[limit].penalty(key, 1);
  } catch {
    // best effort: the next ensureUnder reads whatever was stored
  }
}

export async function reset(limit: AuthLimit, key: string): Promise<void> {
  try {
    await limiters()[limit].delete(key);
  } catch {
    // best effort
  }
}

/** Forgets every limiter (tests that change the configuration). */
export function resetLimitersForTests(): void {
  state.limiters = undefined;
}
