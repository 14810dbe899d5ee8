import { z } from 'zod';

// The one place that reads process.env: every other module asks this one.
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const optionalDate = optionalText.pipe(
  z
    .string()
    .optional()
    .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'must be a date (ISO 8601)')
    .transform((v) => (v === undefined ? undefined : new Date(v))),
);

// A blank number means "unset", as a blank text does.
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number, fallback: number) => z.preprocess(blankIsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(1, 65535, 3000),
  DATABASE_URL: optionalText,
  DATABASE_PRIMARY_URL: optionalText,
  CATALOG_DIR: optionalText,
  CATALOG_SEED: z.enum(['demo', 'none']).default('demo'),
  DEMO_EVENTS: int(1, 2_000_000, 720),
  DB_TIMEOUT_MS: int(50, 60_000, 2000),
  DB_POOL_SIZE: int(1, 100, 10),
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  CATALOG_CACHE_TTL_MS: int(0, 3_600_000, 30_000),
  CACHE_MAX_MB: int(1, 65_536, 32),
  PGLITE_SHARED_BUFFERS_MB: int(1, 4_096, 16),
  PGLITE_INITDB_IMAGE: optionalText,
  AGENT_CREDENTIAL_SECRET: optionalText,
  AGENT_CREDENTIAL_TTL_DAYS: int(1, 365, 30),
  BRANDS_FILE: optionalText,
  STRICT_HOSTS: flag,
  BENCH_FLOOR: flag,
  REDIS_URL: optionalText,
  TRUSTED_PROXIES: optionalText,
  RATE_LIMIT_WINDOW_S: int(1, 86_400, 60),
  RATE_LIMIT_API: int(1, Number.MAX_SAFE_INTEGER, 600),
  RATE_LIMIT_MARKDOWN: int(1, Number.MAX_SAFE_INTEGER, 300),
  RATE_LIMIT_TOOLS: int(1, Number.MAX_SAFE_INTEGER, 300),
  RATE_LIMIT_RENDER: int(1, Number.MAX_SAFE_INTEGER, 120),
  RATE_LIMIT_IDENTITY: int(1, Number.MAX_SAFE_INTEGER, 10),
  RATE_LIMIT_ADDRESS_FACTOR: int(1, 1_000, 2),
  RATE_LIMIT_PREFIX: z.string().regex(/^[a-z0-9:_-]{1,40}$/).default('catalog'),
  API_DEPRECATED_AT: optionalDate,
  API_SUNSET_AT: optionalDate,
  API_DEPRECATION_LINK: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText,
  OTEL_SERVICE_NAME: z.string().min(1).default('event-catalog'),
  NEXT_PHASE: optionalText,
  AUTH_TOKEN_TTL_S: int(60, 30 * 86_400, 43_200),
  AUTH_SESSION_MAX_S: int(60, 365 * 86_400, 30 * 86_400),
  SMTP_URL: optionalText,
  MAIL_OUTBOX_SWEEP_S: int(1, 86_400, 30),
  SECURITY_CONTACT: optionalText,
  MAIL_FROM: optionalText,
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'hcaptcha', 'turnstile']).default('altcha'),
  CAPTCHA_SECRET: optionalText,
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_VERIFY_URL: optionalText,
  ALTCHA_HMAC_SECRET: optionalText,
  ALTCHA_COST: int(1, 1_000_000, 200),
  ALTCHA_TTL_S: int(30, 3_600, 600),
  AUTH_LIMIT_CONSECUTIVE: int(1, 1_000, 5),
  AUTH_LIMIT_CONSECUTIVE_BLOCK_S: int(1, 86_400, 900),
  AUTH_LIMIT_ADDRESS_DAY: int(1, 1_000_000, 100),
  AUTH_LIMIT_SIGNUPS_HOUR: int(1, 1_000_000, 10),
  AUTH_LIMIT_CHALLENGES_MINUTE: int(1, 1_000_000, 30),
  AUTH_LIMIT_RECOVERY_HOUR: int(1, 1_000_000, 10),
  AUTH_LIMIT_ACCOUNT_HOUR: int(1, 1_000_000, 20),
  AUTH_LIMIT_ACCOUNT_MAILS_DAY: int(1, 1_000, 3),
}).superRefine((e, ctx) => {
  // The embedded catalog is the only database of its process: there is no replica to go around.
  if (e.DATABASE_PRIMARY_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_PRIMARY_URL'], message: 'needs DATABASE_URL (the read-only catalog connection it goes with); unset it to use the embedded catalog' });
  }
});

export type AppConfig = ReturnType<typeof readConfig>;

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    /** The primary, for the accounts' reads and writes, when DATABASE_URL reads a replica. */
    databasePrimaryUrl: e.DATABASE_PRIMARY_URL,
    catalogDir: e.CATALOG_DIR,
    catalogSeed: e.CATALOG_SEED,
    demoEvents: e.DEMO_EVENTS,
    dbTimeoutMs: e.DB_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    /** Whether PostgreSQL statements marked PREPARED run as named prepared statements (off: for a pooler that cannot keep them). */
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS === 'on',
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    cacheMaxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    pgliteInitdbImage: e.PGLITE_INITDB_IMAGE,
    credentialSecret: e.AGENT_CREDENTIAL_SECRET,
    credentialTtlDays: e.AGENT_CREDENTIAL_TTL_DAYS,
    brandsFile: e.BRANDS_FILE,
    strictHosts: e.STRICT_HOSTS,
    benchFloor: e.BENCH_FLOOR,
    redisUrl: e.REDIS_URL,
    securityContact: e.SECURITY_CONTACT,
    trustedProxies: (e.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    rateLimit: {
      windowS: e.RATE_LIMIT_WINDOW_S,
      prefix: e.RATE_LIMIT_PREFIX,
      budgets: {
        api: e.RATE_LIMIT_API,
        markdown: e.RATE_LIMIT_MARKDOWN,
        tools: e.RATE_LIMIT_TOOLS,
        render: e.RATE_LIMIT_RENDER,
        identity: e.RATE_LIMIT_IDENTITY,
      },
      /** An address's ceiling per budget, as a multiple of the budget: credentials never lift it. */
      addressFactor: e.RATE_LIMIT_ADDRESS_FACTOR,
    },
    deprecation: {
      deprecatedAt: e.API_DEPRECATED_AT,
      sunsetAt: e.API_SUNSET_AT,
      link: e.API_DEPRECATION_LINK,
    },
    logLevel: e.LOG_LEVEL,
    tracing: { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    isBuildPhase: e.NEXT_PHASE === 'phase-production-build',
    accounts: {
      tokenTtlS: e.AUTH_TOKEN_TTL_S,
      sessionMaxS: e.AUTH_SESSION_MAX_S,
      smtpUrl: e.SMTP_URL,
      outboxSweepS: e.MAIL_OUTBOX_SWEEP_S,
      mailFrom: e.MAIL_FROM,
      captcha: {
        provider: e.CAPTCHA_PROVIDER,
        secret: e.CAPTCHA_SECRET,
        siteKey: e.CAPTCHA_SITE_KEY,
        verifyUrl: e.CAPTCHA_VERIFY_URL,
        altchaSecret: e.ALTCHA_HMAC_SECRET,
        altchaCost: e.ALTCHA_COST,
        altchaTtlS: e.ALTCHA_TTL_S,
      },
      limits: {
        consecutive: e.AUTH_LIMIT_CONSECUTIVE,
        consecutiveBlockS: e.AUTH_LIMIT_CONSECUTIVE_BLOCK_S,
        addressDay: e.AUTH_LIMIT_ADDRESS_DAY,
        signupsHour: e.AUTH_LIMIT_SIGNUPS_HOUR,
        challengesMinute: e.AUTH_LIMIT_CHALLENGES_MINUTE,
        recoveryHour: e.AUTH_LIMIT_RECOVERY_HOUR,
        accountHour: e.AUTH_LIMIT_ACCOUNT_HOUR,
        accountMailsDay: e.AUTH_LIMIT_ACCOUNT_MAILS_DAY,
      },
    },
  };
}

let cached: AppConfig | undefined;

export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}

/**
 * The server's first step (instrumentation.ts): an invalid configuration stops the
 * process with its reasons. Next only logs a failed start-up hook and would go on
 * serving, answering 500 to every request.
 */
export function configOrExit(): AppConfig {
  try {
    return config();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
