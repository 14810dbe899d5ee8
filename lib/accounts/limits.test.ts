import { describe, expect, test } from 'vitest';
import { config } from '../config';
import { LimitExceeded, ensureUnder, recordFailure, reset, spend } from './limits';

// In memory (no REDIS_URL in unit tests), with the default limits.
describe('brute-force limits', () => {
  test('consecutive failures lock one e-mail and address; a success resets; other keys are free', async () => {
    const max = config().accounts.limits.consecutive;
    const key = `aurora:ana@example.com:203.0.113.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < max; i++) {
      await ensureUnder('signInEmail', key);
      await recordFailure('signInEmail', key);
    }
    const err = await ensureUnder('signInEmail', key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LimitExceeded);
    expect((err as LimitExceeded).retryAfterS).toBeGreaterThan(0);
    await expect(ensureUnder('signInEmail', `${key}-other`)).resolves.toBeUndefined();
    await reset('signInEmail', key);
    await expect(ensureUnder('signInEmail', key)).resolves.toBeUndefined();
  });

  test('budgets: the point past the limit is refused', async () => {
    const max = config().accounts.limits.challengesMinute;
    const key = `198.51.100.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < max; i++) await spend('challenge', key);
    await expect(spend('challenge', key)).rejects.toBeInstanceOf(LimitExceeded);
  });
});
