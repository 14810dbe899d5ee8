import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startMailSink } from '../support/mail-sink';
import { createTestDatabase, postgresReachable } from '../support/postgres';
import { redisReachable } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';

const available = (await postgresReachable()) && (await redisReachable());

// Two instances on one PostgreSQL and one Redis: a CAPTCHA answer is spent once across
// both, a token revoked on one is refused by the other, and brute-force failures on one
// count on the other.
describe.skipIf(!available && process.env.CI !== 'true')('accounts across two instances', () => {
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;
  let mail: Awaited<ReturnType<typeof startMailSink>>;
  let ipSeq = 0;
  const newIp = () => `203.0.113.${++ipSeq}`;

  beforeAll(async () => {
    if (!available) throw new Error('PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 are required when CI=true.');
    mail = await startMailSink();
    const db = await createTestDatabase('accounts_pair');
    drop = db.drop;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PREFIX: `acc${Date.now().toString(36)}`,
      SMTP_URL: mail.url,
      ALTCHA_HMAC_SECRET: 'shared-altcha-secret',
      ALTCHA_COST: '20',
      TRUSTED_PROXIES: '127.0.0.1',
      AUTH_LIMIT_CONSECUTIVE: '4',
      DEMO_EVENTS: '30',
    };
    a = await startServer('accounts-a', env);
    b = await startServer('accounts-b', env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await mail?.close();
  });

  const auth = (s: RunningServer, path: string, o: { method?: string; body?: unknown; token?: string; ip?: string } = {}) =>
    request(s.port, path, {
      method: o.method ?? 'GET',
      host: `auth.localhost:${s.port}`,
      headers: {
        'x-origin': `http://aurora.localhost:${s.port}`,
        'x-forwarded-for': o.ip ?? newIp(),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
  // Each instance's registry names its own port, but brands, challenges and tokens are
  // keyed by brand id, which both share.
  async function captcha(s: RunningServer): Promise<string> {
    const challenge = (await auth(s, '/captcha/challenge')).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  test('CAPTCHA spent once, revocation and brute-force limits shared', async () => {
    const email = `pair${Date.now()}@example.com`;
    const password = 'duas instâncias e um banco';
    expect((await auth(a, '/users', { method: 'POST', body: { name: 'Par', email, password, 'g-captcha-response': await captcha(a) } })).status).toBe(202);
    const link = new URL(/https?:\/\/\S+/.exec((await mail.waitFor(email, /cadastro\/confirmar/)).text)![0]);
    expect((await request(a.port, link.pathname + link.search, { host: `aurora.localhost:${a.port}` })).status).toBe(200);
    const confirmed = await request(a.port, '/cadastro/confirmar/enviar', {
      method: 'POST',
      host: `aurora.localhost:${a.port}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://aurora.localhost:${a.port}` },
      body: new URLSearchParams({ token: link.searchParams.get('token')! }).toString(),
    });
    expect(confirmed.header('location')).toMatch(/\/entrar\?confirmado=1$/);

    // A challenge minted and spent on A is refused on B (same secret, shared database).
    const answer = await captcha(a);
    const first = await auth(a, '/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': answer } });
    expect(first.status).toBe(200);
    const replay = await auth(b, '/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': answer } });
    expect((replay.json() as { code: string }).code).toBe('captcha_invalid');

    // Revoked on A, refused on B at once.
    const token = (first.json() as { token: string }).token;
    expect((await request(b.port, '/api/account/v1/me', { host: `aurora.localhost:${b.port}`, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await auth(a, '/auth/revoke', { method: 'DELETE', token })).status).toBe(200);
    expect((await request(b.port, '/api/account/v1/me', { host: `aurora.localhost:${b.port}`, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    // Failures alternate between the instances; the limit counts them all.
    const ip = newIp();
    for (let i = 0; i < 4; i++) {
      const s = i % 2 === 0 ? a : b;
      const res = await auth(s, '/auth/token', { method: 'POST', body: { email, password: `wrong ${i}`, 'g-captcha-response': await captcha(s) }, ip });
      expect((res.json() as { code: string }).code).toBe('invalid_credentials');
    }
    const blocked = await auth(a, '/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha(a) }, ip });
    expect(blocked.status).toBe(429);
  });
});
