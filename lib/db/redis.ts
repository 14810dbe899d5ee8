import { Redis } from 'ioredis';
import { config } from '../config';
import { onShutdown } from '../lifecycle';
import { logger } from '../observability/log';
import { processShared } from '../process-shared';

/** How long a new client's first connection may take before the limiters count in memory. */
export const CONNECT_TIMEOUT_MS = 1_000;

export type LimiterStore = {
  client: Redis;
  /**
   * Resolves once the first connection has settled: ready, failed, or CONNECT_TIMEOUT_MS
   * gone. A limiter spends only after it: while a client connects, a command fails at once
   * (no offline queue) and the memory stand-in would count that point in this process
   * alone, apart from every other instance.
   */
  settled: Promise<void>;
};

const shared = processShared('limiter-store', () => ({ store: undefined as LimiterStore | undefined }));

/**
 * The process's one Redis client for every rate limiter (the API's budgets, the sign-in
 * limits), opened on first use; undefined without REDIS_URL.
 */
export function limiterStore(): LimiterStore | undefined {
  const url = config().redisUrl;
  if (!url) return undefined;
  return (shared.store ??= openLimiterStore(url));
}

/**
 * A Redis client for the rate limiters: commands fail at once while disconnected (the
 * limiters' memory stand-ins take over), and it reconnects by itself.
 */
export function openLimiterStore(url: string): LimiterStore {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  let warned = false;
  client.on('error', (err: Error) => {
    if (!warned) logger().warn({ component: 'rate-limit', reason: err.message }, 'Redis unavailable, counting in memory');
    warned = true;
  });
  client.on('ready', () => (warned = false));
  onShutdown('redis', () => client.quit().then(() => undefined, () => client.disconnect()));
  const settled = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done).off('end', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS + 250);
    timer.unref();
    client.once('ready', done).once('error', done).once('end', done);
  });
  return { client, settled };
}
