import { describe, expect, test } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  test('defaults', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      catalogDir: undefined,
      catalogSeed: 'demo',
      demoEvents: 720,
      dbTimeoutMs: 2000,
      catalogCacheTtlMs: 30_000,
      strictHosts: false,
      deprecation: { deprecatedAt: undefined, sunsetAt: undefined, link: undefined },
    });
  });

  test('values and flags', () => {
    const c = readConfig({ PORT: '4000', DATABASE_URL: ' postgres://x/y ', STRICT_HOSTS: 'true', BENCH_FLOOR: '1', API_SUNSET_AT: '2027-06-30T00:00:00Z', CATALOG_SEED: 'none' });
    expect(c.port).toBe(4000);
    expect(c.databaseUrl).toBe('postgres://x/y');
    expect(c.strictHosts).toBe(true);
    expect(c.benchFloor).toBe(true);
    expect(c.catalogSeed).toBe('none');
    expect(c.deprecation.sunsetAt?.toISOString()).toBe('2027-06-30T00:00:00.000Z');
  });

  test('blank values count as unset', () => {
    expect(readConfig({ DATABASE_URL: '  ', AGENT_CREDENTIAL_SECRET: '' }).databaseUrl).toBeUndefined();
  });

  test.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ STRICT_HOSTS: 'maybe' }, /STRICT_HOSTS/],
    [{ CATALOG_SEED: 'all' }, /CATALOG_SEED/],
    [{ API_DEPRECATED_AT: 'soon' }, /API_DEPRECATED_AT/],
    [{ DB_TIMEOUT_MS: '10' }, /DB_TIMEOUT_MS/],
  ])('%o is refused with a message naming the variable', (env, name) => {
    expect(() => readConfig(env)).toThrow(name);
  });
});
