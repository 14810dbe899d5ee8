import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { config } from '../config';
import { limiterStore } from '../db/redis';
import { processShared } from '../process-shared';
import { RESET_LINK_TTL_S } from './store';

// Brute-force limits of the authentication host (OWASP ASVS V2.2.1), shared through Redis
// when REDIS_URL is set, in memory otherwise:
//  - signInEmail: consecutive failed sign-ins per brand, e-mail and address; a success resets it;
//  - signInAddress: failed sign-ins per address per day, whatever the e-mail;
//  - signInAccount: failed sign-ins per brand and e-mail per hour, from every address
//    (a lock the owner lifts with a password-reset link);
//  - signUp: accounts created per address per hour;
//  - challenge: CAPTCHA challenges minted per address per minute;
//  - recovery: password-reset requests per address per hour;
//  - accountMails: sign-up mails sent to one account's address per day that a stranger
//    can trigger (verification links and resends, "you already have an account"
//    notices); past it, nothing is sent;
//  - resetMails: password-reset mails to one account's address, one per RESET_MAIL_GAP_S.
//    Never a daily cap a stranger could spend: when a request sends nothing, the link
//    mailed less than RESET_MAIL_GAP_S ago (to the owner's mailbox, whoever asked for
//    it) still has at least half of its hour to live.
// "Address" is the client's address group (lib/network.ts): an IPv4 address, an IPv6 /64.
export type AuthLimit = 'signInEmail' | 'signInAddress' | 'signInAccount' | 'signUp' | 'challenge' | 'recovery' | 'accountMails' | 'resetMails';

/** The least time between two reset mails to one account: half the life of a reset link (lib/accounts/store.ts). */
export const RESET_MAIL_GAP_S = RESET_LINK_TTL_S / 2;

export class LimitExceeded extends Error {
  constructor(readonly retryAfterS: number) {
    super('limit exceeded');
  }
}

const state = processShared('account-limits', () => ({ limiters: undefined as Record<AuthLimit, RateLimiterAbstract> | undefined }));

function build(): Record<AuthLimit, RateLimiterAbstract> {
  const l = config().accounts.limits;
  const prefix = `${config().rateLimit.prefix}:auth`;
  const redis = limiterStore()?.client;
  const make = (name: AuthLimit, points: number, duration: number, blockDuration = 0): RateLimiterAbstract => {
    const opts = { points, duration, blockDuration, keyPrefix: `${prefix}:${name}` };
    const memory = new RateLimiterMemory(opts);
    return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  };
  return {
    signInEmail: make('signInEmail', l.consecutive, l.consecutiveBlockS, l.consecutiveBlockS),
    signInAddress: make('signInAddress', l.addressDay, 86_400),
    signInAccount: make('signInAccount', l.accountHour, 3_600, 3_600),
    signUp: make('signUp', l.signupsHour, 3_600),
    challenge: make('challenge', l.challengesMinute, 60),
    recovery: make('recovery', l.recoveryHour, 3_600),
    accountMails: make('accountMails', l.accountMailsDay, 86_400),
    resetMails: make('resetMails', 1, RESET_MAIL_GAP_S),
  };
}

/** The limiters, once their store's first connection has settled (lib/db/redis). */
async function limiters(): Promise<Record<AuthLimit, RateLimiterAbstract>> {
  state.limiters ??= build();
  await limiterStore()?.settled;
  return state.limiters;
}

const retryS = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Spends one point; throws LimitExceeded when that was past the limit. */
export async function spend(limit: AuthLimit, key: string): Promise<void> {
  await spendAll([[limit, key]]);
}

export type Spend = [AuthLimit, string];

/**
 * Spends one point under each limit before the attempt it pays for is evaluated, so that
 * concurrent attempts cannot all find the limit unreached (a read, then a write, lets
 * them): the store's consume is one atomic step per key. Past any limit, LimitExceeded,
 * and the points already spent by this call are given back. A store error lets the
 * attempt through (the limits are a second line behind the CAPTCHA).
 */
export async function spendAll(spends: Spend[]): Promise<void> {
  const spent: Spend[] = [];
  for (const [limit, key] of spends) {
    try {
      await (await limiters())[limit].consume(key, 1);
      spent.push([limit, key]);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        await refund(spent);
        throw new LimitExceeded(retryS(err));
      }
      console.warn(`[auth-limits] store error, request allowed: ${(err as Error).message}`);
    }
  }
}

/** Spends one point when one is left: true, or false past the limit (nothing to refuse, something to skip). */
export async function trySpend(limit: AuthLimit, key: string): Promise<boolean> {
  try {
    await spendAll([[limit, key]]);
    return true;
  } catch (err) {
    if (err instanceof LimitExceeded) return false;
    throw err;
  }
}

/** Gives back one point under each limit: the attempt turned out not to be a failure. */
export async function refund(spends: Spend[]): Promise<void> {
  for (const [limit, key] of spends) {
    try {
      await (await limiters())[limit].reward(key, 1);
    } catch {
      // best effort: the point expires with its window
    }
  }
}

export async function reset(limit: AuthLimit, key: string): Promise<void> {
  try {
    await (await limiters())[limit].delete(key);
  } catch {
    // best effort
  }
}
