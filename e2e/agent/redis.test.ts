import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { REDIS, redisReachable } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';
import { tcpSwitch } from '../support/tcp-switch';

const API = '/api/public/v1';
const available = await redisReachable();

// Two server processes on one Redis spend one budget; when Redis goes away the site
// keeps serving on the in-memory stand-in, and shares again when Redis is back.
describe.skipIf(!available && process.env.CI !== 'true')('rate limits shared through Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  let relay: Awaited<ReturnType<typeof tcpSwitch>>;
  const prefix = `test${Date.now().toString(36)}`;

  beforeAll(async () => {
    if (!available) throw new Error('Redis is not reachable on 127.0.0.1:6379, and CI=true requires it.');
    relay = await tcpSwitch(REDIS.port, REDIS.host);
    const env = {
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
      RATE_LIMIT_PREFIX: prefix,
      RATE_LIMIT_API: '6',
      TRUSTED_PROXIES: '127.0.0.1',
      DEMO_EVENTS: '30',
    };
    [a, b] = await Promise.all([startServer('redis-a', env), startServer('redis-b', env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await relay?.close();
  });

  const call = (s: RunningServer, ip: string) =>
    request(s.port, `${API}/events?per_page=1`, { host: `aurora.localhost:${s.port}`, headers: { 'x-forwarded-for': ip } });

  test('one budget across two processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i % 2 === 0 ? a : b, '192.0.2.50')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const over = await call(b, '192.0.2.50');
    expect(over.header('ratelimit')).toMatch(/^"api";r=0;t=\d+$/);
  });

  test('Redis down: every process keeps serving, counting in memory; Redis back: shared again', async () => {
    // The relay cuts the processes' Redis connections at once, before any later request reaches them; the pause is not what the check relies on.
    relay.set('refuse');
    await new Promise((r) => setTimeout(r, 300));
    for (const s of [a, b]) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await call(s, '192.0.2.60')).status);
      // Each process now counts alone: six pass, the seventh is refused by that process.
      expect(statuses, s.name).toEqual([200, 200, 200, 200, 200, 200, 429]);
    }
    relay.set('forward');
    let shared = false;
    for (let i = 0; i < 40 && !shared; i++) {
      // At least 40 × 250 ms (10 s) for ioredis to reconnect (its retry delay grows to 2 s); on a loaded machine each round also waits for two answers, so the wait only grows.
      await new Promise((r) => setTimeout(r, 250));
      const first = await call(a, `192.0.2.${70 + i}`);
      const second = await call(b, `192.0.2.${70 + i}`);
      shared = first.header('ratelimit')?.includes('r=5;') === true && second.header('ratelimit')?.includes('r=4;') === true;
    }
    expect(shared).toBe(true);
  });
});
