import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, describe, expect, test } from 'vitest';
import { REDIS, redisReachable } from '../../e2e/support/redis';
import { CONNECT_TIMEOUT_MS, openLimiterStore, type LimiterStore } from './redis';

const available = await redisReachable();
const url = `redis://${REDIS.host}:${REDIS.port}`;

// The store of the rate limiters shared by every instance (lib/agent/rate-limit.ts,
// lib/accounts/limits.ts). A point spent while the client still connects would be
// counted by the memory stand-in of one process only.
describe.skipIf(!available && process.env.CI !== 'true')('the rate limiters\' Redis store', () => {
  const opened: LimiterStore[] = [];
  const open = (u: string) => {
    const store = openLimiterStore(u);
    opened.push(store);
    return store;
  };
  const limiter = (store: LimiterStore, keyPrefix: string) =>
    new RateLimiterRedis({ storeClient: store.client, keyPrefix, points: 5, duration: 60, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: 5, duration: 60 }) });
  const reader = new Redis(url, { lazyConnect: true });
  afterAll(async () => {
    for (const s of opened) s.client.disconnect();
    reader.disconnect();
  });

  test('a point spent once the new client has settled is in Redis; one spent while it connects is not', async () => {
    if (!available) throw new Error('Redis on 127.0.0.1:6379 is required when CI=true.');
    const prefix = `store-test-${Date.now().toString(36)}`;
    const early = open(url);
    await limiter(early, `${prefix}-early`).consume('k');
    const waited = open(url);
    await waited.settled;
    expect(waited.client.status).toBe('ready');
    await limiter(waited, `${prefix}-waited`).consume('k');
    await reader.connect();
    expect(await reader.get(`${prefix}-waited:k`)).toBe('1');
    expect(await reader.get(`${prefix}-early:k`)).toBeNull();
    await reader.del(`${prefix}-waited:k`);
  });

  test('an unreachable store settles within its connection timeout, and the limiter counts in memory', async () => {
    const store = open('redis://127.0.0.1:1');
    const started = Date.now();
    await store.settled;
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS * 30);
    expect(store.client.status).not.toBe('ready');
    const res = await limiter(store, 'unreachable').consume('k');
    expect(res.remainingPoints).toBe(4);
  });
});
