import { describe, expect, test } from 'vitest';
import { config } from '../config';
import { LimitExceeded, refund, reset, spend, spendAll } from './limits';

const fresh = (name: string) => `${name}:${Math.random().toString(36).slice(2)}`;
const passes = (p: Promise<unknown>) => p.then(() => true, (err: unknown) => (err instanceof LimitExceeded ? false : Promise.reject(err)));

// In memory (no REDIS_URL in unit tests), with the default limits.
describe('brute-force limits', () => {
  test('consecutive failures lock one e-mail and address; a success resets; other keys are free', async () => {
    const max = config().accounts.limits.consecutive;
    const key = fresh('aurora:ana@example.com:ip:203.0.113.7');
    for (let i = 0; i < max; i++) await spendAll([['signInEmail', key]]);
    const err = await spendAll([['signInEmail', key]]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LimitExceeded);
    expect((err as LimitExceeded).retryAfterS).toBeGreaterThan(0);
    await expect(spendAll([['signInEmail', `${key}-other`]])).resolves.toBeUndefined();
    await reset('signInEmail', key);
    await expect(spendAll([['signInEmail', key]])).resolves.toBeUndefined();
  });

  test('points are spent atomically: of 60 concurrent attempts, exactly the limit get through', async () => {
    const max = config().accounts.limits.consecutive;
    const key = fresh('aurora:ana@example.com:ip:203.0.113.8');
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => passes(spendAll([['signInEmail', key]]))));
    expect(outcomes.filter(Boolean).length).toBe(max);
  });

  test('all or none: past one limit, the points of the others are given back', async () => {
    const max = config().accounts.limits.consecutive;
    const emailKey = fresh('aurora:ana@example.com');
    const address = fresh('ip:198.51.100.9');
    for (let i = 0; i < config().accounts.limits.addressDay; i++) await spendAll([['signInAddress', address]]);
    for (let i = 0; i < 3 * max; i++) await expect(spendAll([['signInEmail', emailKey], ['signInAddress', address]])).rejects.toBeInstanceOf(LimitExceeded);
    // The refused attempts left the e-mail's count untouched.
    for (let i = 0; i < max; i++) await spendAll([['signInEmail', emailKey]]);
    await expect(spendAll([['signInEmail', emailKey]])).rejects.toBeInstanceOf(LimitExceeded);
  });

  test('a refunded point is free again', async () => {
    const max = config().accounts.limits.consecutive;
    const key = fresh('aurora:ana@example.com:ip:203.0.113.10');
    for (let i = 0; i < max; i++) await spendAll([['signInEmail', key]]);
    await refund([['signInEmail', key]]);
    await expect(spendAll([['signInEmail', key]])).resolves.toBeUndefined();
  });

  test('budgets: the point past the limit is refused', async () => {
    const max = config().accounts.limits.challengesMinute;
    const key = fresh('ip:198.51.100.1');
    for (let i = 0; i < max; i++) await spend('challenge', key);
    await expect(spend('challenge', key)).rejects.toBeInstanceOf(LimitExceeded);
  });
});
