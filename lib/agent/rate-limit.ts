import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { z } from 'zod';
import { config } from '../config';
import { limiterStore } from '../db/redis';
import { logger } from '../observability/log';
import { metrics } from '../observability/metrics';
import { processShared } from '../process-shared';

export type Budget = 'api' | 'markdown' | 'tools' | 'render';
/**
 * What a request can spend: a budget (per credential, else per address), the address's
 * ceiling over that budget (`<budget>-address`, every request from the address, with or
 * without a credential), and minting credentials (`identity`, per address).
 */
export type Policy = Budget | `${Budget}-address` | 'identity';
export type Decision = { allowed: boolean; budget: Policy; limit: number; remaining: number; resetS: number };

const POLICIES: Policy[] = ['api', 'markdown', 'tools', 'render', 'api-address', 'markdown-address', 'tools-address', 'render-address', 'identity'];

const state = processShared('rate-limiters', () => ({ limiters: undefined as Record<Policy, RateLimiterAbstract> | undefined }));

/** Requests per window of a policy. */
export function policyLimit(policy: Policy): number {
  const { budgets, addressFactor } = config().rateLimit;
  if (policy === 'identity') return budgets.identity;
  const [budget, scope] = policy.split('-') as [Budget, string | undefined];
  return scope ? budgets[budget] * addressFactor : budgets[budget];
}

/** One limiter per policy: Redis-backed and shared when REDIS_URL is set, with an in-memory stand-in. */
function build(): Record<Policy, RateLimiterAbstract> {
  const { windowS, prefix } = config().rateLimit;
  const redis = limiterStore()?.client;
  const make = (policy: Policy): RateLimiterAbstract => {
    const opts = { points: policyLimit(policy), duration: windowS, keyPrefix: `${prefix}:${policy}` };
    const memory = new RateLimiterMemory(opts);
    return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  };
  return Object.fromEntries(POLICIES.map((p) => [p, make(p)])) as Record<Policy, RateLimiterAbstract>;
}

/** Builds the limiters (and opens Redis) ahead of the first request that needs them. */
export function warmRateLimits(): void {
  state.limiters ??= build();
}

/**
 * A limiter's refusal. The limiters are shared by the process (lib/process-shared), but
 * the proxy and the route handlers are bundled apart, each with its own copy of
 * rate-limiter-flexible: a refusal thrown by the proxy's copy is not an instance of the
 * route's RateLimiterRes, so it is known by its shape too.
 */
function isRefusal(err: unknown): err is RateLimiterRes {
  return err instanceof RateLimiterRes || (typeof err === 'object' && err !== null && !(err instanceof Error) && 'msBeforeNext' in err && 'consumedPoints' in err);
}

/** Spends `points` requests (one unless told) of `budget` for `key`. A store failure never refuses a request. */
export async function consume(budget: Policy, key: string, points = 1): Promise<Decision> {
  const limiters = (state.limiters ??= build());
  await limiterStore()?.settled;
  const limit = policyLimit(budget);
  try {
    const res = await limiters[budget].consume(key, points);
    return { allowed: true, budget, limit, remaining: res.remainingPoints, resetS: Math.ceil(res.msBeforeNext / 1000) };
  } catch (err) {
    if (isRefusal(err)) {
      metrics().rateLimited.inc({ budget });
      return { allowed: false, budget, limit, remaining: 0, resetS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
    }
    logger().warn({ component: 'rate-limit', reason: (err as Error).message }, 'store error, request allowed');
    return { allowed: true, budget, limit, remaining: limit, resetS: config().rateLimit.windowS };
  }
}

/**
 * The proxy's decision, handed on as a request header to a route that spends more of the
 * budget once it has read the body (an MCP batch) and then reports the budget on its own
 * answer: Next keeps the proxy's response headers over the route's, so the proxy leaves
 * RateLimit to that route. The proxy sets it, or removes a client's copy.
 */
export const DECISION_HEADER = 'x-catalog-rate-decision';

const decisionShape = z.object({
  allowed: z.boolean(),
  budget: z.enum(POLICIES as [Policy, ...Policy[]]),
  limit: z.number(),
  remaining: z.number(),
  resetS: z.number(),
});

/** The decision the proxy handed on, if any. */
export function handedDecision(headers: Headers): Decision | undefined {
  const value = headers.get(DECISION_HEADER);
  if (!value) return undefined;
  try {
    const parsed = decisionShape.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** RateLimit and RateLimit-Policy (IETF httpapi draft) for a decision. */
export function rateLimitHeaders(d: Decision): Record<string, string> {
  return {
    'RateLimit-Policy': `"${d.budget}";q=${d.limit};w=${config().rateLimit.windowS}`,
    RateLimit: `"${d.budget}";r=${d.remaining};t=${d.resetS}`,
  };
}
