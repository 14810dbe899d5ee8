import { describe, expect, test } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  test('defaults: embedded demo catalog on port 3000, lenient hosts, no deprecation', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      catalogDir: undefined,
      catalogSeed: 'demo',
      demoEvents: 720,
      dbTimeoutMs: 2000,
      dbPoolSize: 10,
      catalogCacheTtlMs: 30_000,
      credentialSecret: undefined,
      credentialTtlDays: 30,
      brandsFile: undefined,
      strictHosts: false,
      benchFloor: false,
      redisUrl: undefined,
      trustedProxies: [],
      rateLimit: { windowS: 60, prefix: 'catalog', budgets: { api: 600, markdown: 300, tools: 300, render: 120 } },
      deprecation: { deprecatedAt: undefined, sunsetAt: undefined, link: undefined },
      isBuildPhase: false,
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

  test.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['no', false],
    ['', false],
    [undefined, false],
  ])('flag %s → %s', (value, expected) => {
    expect(readConfig({ STRICT_HOSTS: value }).strictHosts).toBe(expected);
    expect(readConfig({ BENCH_FLOOR: value }).benchFloor).toBe(expected);
  });

  test('dates are parsed into Date objects, with or without a time', () => {
    const c = readConfig({ API_DEPRECATED_AT: '2027-01-15', API_SUNSET_AT: '2027-06-30T12:30:00-03:00', API_DEPRECATION_LINK: 'https://x.example/v2' });
    expect(c.deprecation.deprecatedAt).toBeInstanceOf(Date);
    expect(c.deprecation.deprecatedAt?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(c.deprecation.sunsetAt?.toISOString()).toBe('2027-06-30T15:30:00.000Z');
    expect(c.deprecation.link).toBe('https://x.example/v2');
    expect(readConfig({ API_SUNSET_AT: '   ' }).deprecation.sunsetAt).toBeUndefined();
  });

  test('numbers are coerced from text, lists split on commas', () => {
    const c = readConfig({ PORT: ' 8080 ', DEMO_EVENTS: '30000', CATALOG_CACHE_TTL_MS: '0', TRUSTED_PROXIES: ' 10.0.0.1, ,::1 ', RATE_LIMIT_API: '5' });
    expect(c.port).toBe(8080);
    expect(c.demoEvents).toBe(30_000);
    expect(c.catalogCacheTtlMs).toBe(0);
    expect(c.trustedProxies).toEqual(['10.0.0.1', '::1']);
    expect(c.rateLimit.budgets.api).toBe(5);
    expect(readConfig({ NEXT_PHASE: 'phase-production-build' }).isBuildPhase).toBe(true);
  });

  test('blank text values count as unset', () => {
    const c = readConfig({ DATABASE_URL: '  ', AGENT_CREDENTIAL_SECRET: '', BRANDS_FILE: '\t', REDIS_URL: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.credentialSecret).toBeUndefined();
    expect(c.brandsFile).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
  });

  test.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '80.5' }, /PORT/],
    [{ STRICT_HOSTS: 'maybe' }, /STRICT_HOSTS/],
    [{ STRICT_HOSTS: 'TRUE' }, /STRICT_HOSTS/],
    [{ BENCH_FLOOR: '2' }, /BENCH_FLOOR/],
    [{ CATALOG_SEED: 'all' }, /CATALOG_SEED/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ API_DEPRECATED_AT: 'soon' }, /API_DEPRECATED_AT: must be a date/],
    [{ API_SUNSET_AT: '2027-13-45' }, /API_SUNSET_AT/],
    [{ DB_TIMEOUT_MS: '10' }, /DB_TIMEOUT_MS/],
    [{ DEMO_EVENTS: '0' }, /DEMO_EVENTS/],
    [{ RATE_LIMIT_PREFIX: 'Bad Prefix!' }, /RATE_LIMIT_PREFIX/],
  ])('%o is refused with a message naming the variable', (env, name) => {
    expect(() => readConfig(env)).toThrow(/^Invalid configuration:/);
    expect(() => readConfig(env)).toThrow(name);
  });

  test('DATABASE_PRIMARY_URL goes with DATABASE_URL, never with the embedded catalog', () => {
    const primary = 'postgres://primary.internal:5432/catalog';
    expect(readConfig({ DATABASE_URL: 'postgres://replica.internal:5432/catalog', DATABASE_PRIMARY_URL: primary }).databasePrimaryUrl).toBe(primary);
    expect(readConfig({ DATABASE_URL: 'postgres://replica.internal:5432/catalog' }).databasePrimaryUrl).toBeUndefined();
    expect(() => readConfig({ DATABASE_PRIMARY_URL: primary })).toThrow(/^Invalid configuration:\n  DATABASE_PRIMARY_URL: needs DATABASE_URL/);
    expect(() => readConfig({ DATABASE_PRIMARY_URL: primary, DATABASE_URL: ' ' })).toThrow(/DATABASE_PRIMARY_URL: needs DATABASE_URL/);
  });

  test('every bad variable is named at once, one per line', () => {
    let message = '';
    try {
      readConfig({ PORT: 'x', STRICT_HOSTS: 'maybe', API_SUNSET_AT: 'nope' });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0]).sort()).toEqual(['API_SUNSET_AT', 'PORT', 'STRICT_HOSTS']);
  });
});

describe('blank numbers', () => {
  test('a blank number variable counts as unset, like a blank text one', () => {
    const c = readConfig({ PORT: '', CATALOG_CACHE_TTL_MS: ' ', DB_TIMEOUT_MS: '' });
    expect(c.port).toBe(3000);
    expect(c.catalogCacheTtlMs).toBe(30_000);
    expect(c.dbTimeoutMs).toBe(2000);
  });
});
