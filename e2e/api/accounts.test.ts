import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request, type Reply } from '../support/client';
import { startMailSink } from '../support/mail-sink';
import { createTestDatabase, postgresReachable, withClient } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

// The authentication host, the account API and the website's account forms, against
// production servers on PGlite (on disk, read after the server stops) and on
// PostgreSQL, with an SMTP server inside this process receiving the e-mails.
const available = await postgresReachable();
const ALTCHA_SECRET = 'altcha-secret-of-the-test-suite';
const mail = await startMailSink();

type Backend = { name: string; env: Record<string, string>; dump: (server: RunningServer) => Promise<string>; cleanup: () => Promise<void> };

async function pgliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), 'accounts-'));
  return {
    name: 'pglite',
    env: { CATALOG_DIR: dir },
    dump: async (server) => {
      await server.stop();
      const db = new PGlite(dir);
      try {
        return await dumpTables((sql) => db.query(sql).then((r) => r.rows));
      } finally {
        await db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresBackend(): Promise<Backend> {
  const db = await createTestDatabase('accounts');
  return {
    name: 'postgres',
    env: { DATABASE_URL: db.url },
    dump: (server) => withClient(db.url, (c) => dumpTables((sql) => c.query(sql).then((r) => r.rows))).finally(() => server.stop()),
    cleanup: db.drop,
  };
}

async function dumpTables(query: (sql: string) => Promise<unknown[]>): Promise<string> {
  const parts: string[] = [];
  for (const table of ['accounts', 'account_tokens', 'account_email_links', 'sign_in_attempts', 'captcha_spent', 'mail_outbox']) {
    parts.push(JSON.stringify(await query(`SELECT * FROM ${table}`), (_, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v)));
    parts.push(JSON.stringify(await query(`SELECT convert_from(t::text::bytea, 'UTF8') AS t FROM ${table} t`)));
  }
  return parts.join('\n');
}

const backends = [pgliteBackend, ...(available || process.env.CI === 'true' ? [postgresBackend] : [])];

describe.each(backends)('accounts on %o', (makeBackend) => {
  let backend: Backend;
  let server: RunningServer;
  let port: number;
  const secrets: string[] = [];
  let ipSeq = 0;
  // A client address of its own per call, from 198.18.0.0/15 (set aside for tests, RFC 2544):
  // room for 131,070 calls, where one /24 ran out after 255.
  const newIp = () => {
    const n = ++ipSeq;
    return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  };

  beforeAll(async () => {
    backend = await makeBackend();
    server = await startServer(`accounts-${backend.name}`, {
      ...backend.env,
      DEMO_EVENTS: '30',
      SMTP_URL: mail.url,
      ALTCHA_HMAC_SECRET: ALTCHA_SECRET,
      ALTCHA_COST: '20',
      TRUSTED_PROXIES: '127.0.0.1',
      AUTH_LIMIT_CONSECUTIVE: '3',
      AUTH_LIMIT_ACCOUNT_HOUR: '6',
    });
    port = server.port;
  });
  afterAll(async () => {
    await server?.stop();
    await backend?.cleanup();
  });

  const site = (brand: string) => `http://${brand}.localhost:${port}`;
  const auth = (path: string, o: { method?: string; brand?: string | null; body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    request(port, path, {
      method: o.method ?? 'GET',
      host: `auth.localhost:${port}`,
      headers: {
        ...(o.brand === null ? {} : { 'x-origin': site(o.brand ?? 'aurora') }),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token !== undefined ? { authorization: `Bearer ${o.token}` } : {}),
        'x-forwarded-for': o.ip ?? '192.0.2.1',
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
  const onSite = (brand: string, path: string, o: { method?: string; form?: Record<string, string>; cookie?: string; origin?: string | null; token?: string; ip?: string; accept?: string } = {}) =>
    request(port, path, {
      method: o.method ?? 'GET',
      host: `${brand}.localhost:${port}`,
      headers: {
        ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(o.origin === null || !o.form ? {} : { origin: o.origin ?? site(brand) }),
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.accept ? { accept: o.accept } : {}),
        'x-forwarded-for': o.ip ?? '192.0.2.1',
      },
      body: o.form ? new URLSearchParams(o.form).toString() : undefined,
    });
  const problem = (res: Reply) => {
    expect(res.header('content-type')).toBe('application/problem+json');
    return res.json() as { code: string; status: number; type: string; attempt?: string };
  };

  async function solve(challenge: Challenge): Promise<string> {
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  async function captcha(brand = 'aurora'): Promise<string> {
    const res = await auth('/captcha/challenge', { brand, ip: newIp() });
    expect(res.status).toBe(200);
    return solve(res.json() as Challenge);
  }

  /** Creates and verifies an account; returns its credentials. */
  async function verifiedAccount(brand = 'aurora', name = 'Joana Prado') {
    const email = `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = `lua cheia ${Math.random().toString(36).slice(2)}`;
    secrets.push(password);
    const res = await auth('/users', { method: 'POST', brand, body: { name, email, password, 'g-captcha-response': await captcha(brand) }, ip: newIp() });
    expect(res.status, res.text).toBe(202);
    const message = await mail.waitFor(email, /cadastro\/confirmar/);
    const confirm = await confirmLink(brand, linkIn(message.text));
    expect(confirm.status).toBe(303);
    expect(confirm.header('location')).toBe(`${site(brand)}/entrar?confirmado=1`);
    return { email, password, name };
  }
  /** The link of a mail. */
  const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
  /** Opens a verification link's page, then presses its button (the form's POST). */
  async function confirmLink(brand: string, link: URL) {
    expect(link.origin).toBe(site(brand));
    secrets.push(link.searchParams.get('token')!);
    const page = await onSite(brand, link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/cadastro/confirmar/enviar"');
    return onSite(brand, '/cadastro/confirmar/enviar', { method: 'POST', form: { token: link.searchParams.get('token')! }, ip: newIp() });
  }
  /** How many mails to `email` match, once `expected` of them came (or the wait ran out) and a stray extra one had time to show. */
  const mailsTo = async (email: string, match: RegExp, expected: number) => {
    const count = () => mail.mails.filter((m) => m.to.includes(email) && match.test(m.text)).length;
    // Mails leave the outbox right after their answers: the deadline only bounds mails that never come; the pause gives a stray extra mail time to show.
    const deadline = Date.now() + 10_000;
    while (count() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    return count();
  };
  /** A website session: the cookie the site's sign-in form sets. */
  async function siteSession(brand: string, email: string, password: string) {
    const res = await onSite(brand, '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha(brand), next: '/conta' }, ip: newIp() });
    const cookie = /sessao=(cu_[A-Za-z0-9_-]{43})/.exec(String(res.headers['set-cookie']))?.[0];
    expect(cookie, String(res.headers.location)).toBeDefined();
    secrets.push(cookie!.slice('sessao='.length));
    return cookie!;
  }
  async function token(brand: string, email: string, password: string, ip = newIp()) {
    const res = await auth('/auth/token', { method: 'POST', brand, body: { email, password, 'g-captcha-response': await captcha(brand) }, ip });
    expect(res.status, res.text).toBe(200);
    const t = res.json() as { type: string; token: string; expires_at: string };
    secrets.push(t.token);
    return t;
  }

  test('X-Origin picks the brand; missing or unknown is a 400 problem; documents and unknown paths', async () => {
    for (const brand of [null, 'evil']) {
      const res = await request(port, '/auth/token', {
        method: 'POST',
        host: `auth.localhost:${port}`,
        headers: { 'content-type': 'application/json', ...(brand ? { 'x-origin': 'http://evil.example' } : {}) },
        body: '{}',
      });
      expect(res.status).toBe(400);
      expect(problem(res).code).toBe('origin_required');
    }
    const doc = await auth('/openapi.json', { brand: null });
    expect(doc.status).toBe(200);
    const openapi = doc.json() as { servers: { url: string }[]; paths: Record<string, unknown>; info: { description: string } };
    expect(openapi.servers[0]!.url).toBe(`http://auth.localhost:${port}`);
    expect(Object.keys(openapi.paths).sort()).toEqual(['/api/account/v1/me', '/auth/refresh', '/auth/revoke', '/auth/token', '/captcha/challenge', '/password/forgot', '/password/reset', '/users']);
    for (const code of ['origin_required', 'captcha_invalid', 'invalid_credentials', 'two_step_required', 'invalid_token', 'rate_limited']) {
      expect(openapi.info.description).toContain(`\`${code}\``);
    }
    const missing = await auth('/nowhere');
    expect(missing.status).toBe(404);
    const p = problem(missing);
    expect(p.code).toBe('not_found');
    const page = await request(port, new URL(p.type).pathname, { host: `auth.localhost:${port}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('not_found');
    // A name that is no code is no page, even one every object has.
    for (const name of ['__proto__', 'constructor', 'tostring']) expect((await request(port, `/problems/${name}`, { host: `auth.localhost:${port}` })).status, name).toBe(404);
    // Where the request went inside the app is not said.
    expect(missing.header('x-middleware-rewrite')).toBeUndefined();
    expect(page.header('x-middleware-rewrite')).toBeUndefined();
    const wrongMethod = await auth('/auth/token');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.header('allow')).toBe('POST, OPTIONS');
    const notJson = await auth('/auth/token', { method: 'POST', headers: { 'content-type': 'text/plain' } });
    expect(problem(notJson).code).toBe('unsupported_media_type');
    const badJson = await request(port, '/auth/token', { method: 'POST', host: `auth.localhost:${port}`, headers: { 'content-type': 'application/json', 'x-origin': site('aurora') }, body: '{"email":' });
    expect(problem(badJson).code).toBe('invalid_body');
    // The internal route is not reachable on a brand's site.
    expect((await onSite('aurora', '/auth-host/captcha/challenge')).status).toBe(404);
  });

  test('challenge minting has a budget per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await auth('/captcha/challenge', { ip })).status).toBe(200);
    const over = await auth('/captcha/challenge', { ip });
    expect(over.status).toBe(429);
    expect(problem(over).code).toBe('rate_limited');
    expect(Number(over.header('retry-after'))).toBeGreaterThan(0);
  });

  test('CORS: only the registered brand origins, never *', async () => {
    const pre = await auth('/auth/token', { method: 'OPTIONS', brand: null, headers: { origin: site('mare'), 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.header('access-control-allow-origin')).toBe(site('mare'));
    expect(pre.header('access-control-allow-headers')).toContain('X-Origin');
    const evil = await auth('/auth/token', { method: 'OPTIONS', brand: null, headers: { origin: 'http://evil.example' } });
    expect(evil.header('access-control-allow-origin')).toBeUndefined();
    const post = await auth('/captcha/challenge', { headers: { origin: 'http://evil.example' } });
    expect(post.header('access-control-allow-origin')).toBeUndefined();
    const me = await onSite('aurora', '/api/account/v1/me', { method: 'OPTIONS' });
    expect(me.header('access-control-allow-origin')).toBeUndefined();
  });

  test('the whole life of an account: sign up, e-mail, verify, token, profile, refresh, revoke', async () => {
    const { email, password, name } = await verifiedAccount('aurora', 'Joana Prado');
    const t1 = await token('aurora', email, password);
    expect(t1.type).toBe('bearer');
    expect(Date.parse(t1.expires_at)).toBeGreaterThan(Date.now() + 3_600_000);
    const me = await onSite('aurora', '/api/account/v1/me', { token: t1.token });
    expect(me.status).toBe(200);
    expect(me.header('cache-control')).toContain('no-store');
    const profile = me.json() as Record<string, unknown>;
    expect(profile).toMatchObject({ name, email, email_verified: true, two_step: false });
    expect(Object.keys(profile).sort()).toEqual(['created_at', 'email', 'email_verified', 'id', 'name', 'two_step']);

    const refreshed = await auth('/auth/refresh', { method: 'POST', token: t1.token });
    expect(refreshed.status).toBe(200);
    const t2 = refreshed.json() as { token: string; expires_at: string };
    secrets.push(t2.token);
    expect(t2.token).not.toBe(t1.token);
    const old = await onSite('aurora', '/api/account/v1/me', { token: t1.token });
    expect(old.status).toBe(401);
    expect(old.header('www-authenticate')).toBe(`Bearer resource_metadata="${site('aurora')}/.well-known/oauth-protected-resource", error="invalid_token"`);
    expect((await onSite('aurora', '/api/account/v1/me', { token: t2.token })).status).toBe(200);
    // The rotated token presented again: refused, and its family (t2 with it) revoked.
    expect((await auth('/auth/refresh', { method: 'POST', token: t1.token })).status).toBe(401);
    expect((await onSite('aurora', '/api/account/v1/me', { token: t2.token })).status).toBe(401);

    const revoked = await auth('/auth/revoke', { method: 'DELETE', token: t2.token });
    expect(revoked.status).toBe(200);
    expect((await onSite('aurora', '/api/account/v1/me', { token: t2.token })).status).toBe(401);
    // RFC 7009: revoking again, or a token never issued, succeeds too.
    expect((await auth('/auth/revoke', { method: 'DELETE', token: t2.token })).status).toBe(200);
    expect((await auth('/auth/revoke', { method: 'DELETE', token: 'cu_unknown' })).status).toBe(200);
    const none = await auth('/auth/revoke', { method: 'DELETE' });
    expect(none.status).toBe(401);
    expect(none.header('www-authenticate')).toBe(`Bearer realm="http://auth.localhost:${port}"`);
  });

  test('bad bearer tokens: 401 with WWW-Authenticate (RFC 6750 and RFC 9728)', async () => {
    const none = await onSite('aurora', '/api/account/v1/me');
    expect(none.status).toBe(401);
    expect(none.header('www-authenticate')).toBe(`Bearer resource_metadata="${site('aurora')}/.well-known/oauth-protected-resource"`);
    expect(problem(none).code).toBe('token_required');
    for (const authorization of ['Bearer cu_forged', 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer cu_${'A'.repeat(43)}`]) {
      const res = await request(port, '/api/account/v1/me', { host: `aurora.localhost:${port}`, headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.header('www-authenticate')).toContain('error="invalid_token"');
      expect(problem(res).code).toBe('invalid_token');
    }
    const metadata = await onSite('aurora', '/.well-known/oauth-protected-resource');
    expect(metadata.status).toBe(200);
  });

  test('an unverified e-mail gets no token, and a new link', async () => {
    const email = `unverified${Date.now()}@example.com`;
    const password = 'sabiá na palmeira';
    await auth('/users', { method: 'POST', body: { name: 'Rui', email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    await mail.waitFor(email, /cadastro\/confirmar/);
    const res = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(res.status).toBe(403);
    expect(problem(res).code).toBe('email_unverified');
    await mail.waitFor(email, /cadastro\/confirmar/);
  });

  test('no enumeration: sign-up and sign-in answer alike whether the e-mail exists', async () => {
    const { email, password } = await verifiedAccount();
    const fresh = `nobody${Date.now()}@example.com`;
    const again = await auth('/users', { method: 'POST', body: { name: 'Outro', email, password: 'outra senha longa', 'g-captcha-response': await captcha() }, ip: newIp() });
    const created = await auth('/users', { method: 'POST', body: { name: 'Novo', email: fresh, password: 'outra senha longa', 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(again.status).toBe(created.status);
    expect(again.text).toBe(created.text);
    expect((await mail.waitFor(email, /já tem uma conta/)).subject).toContain('tentativa');
    await mail.waitFor(fresh, /cadastro\/confirmar/);

    const wrong = await auth('/auth/token', { method: 'POST', body: { email, password: 'not the password', 'g-captcha-response': await captcha() }, ip: newIp() });
    const unknown = await auth('/auth/token', { method: 'POST', body: { email: `x${fresh}`, password: 'not the password', 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(problem(wrong).code).toBe('invalid_credentials');
  });

  test('verification is a POST: opening the link, as a mail scanner does, verifies nothing', async () => {
    const email = `scanned${Date.now()}@example.com`;
    const password = 'sabiá na palmeira';
    await auth('/users', { method: 'POST', body: { name: 'Rui', email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    const link = linkIn((await mail.waitFor(email, /cadastro\/confirmar/)).text);
    for (let i = 0; i < 2; i++) expect((await onSite('aurora', link.pathname + link.search)).status).toBe(200);
    const still = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(problem(still).code).toBe('email_unverified');
    expect((await confirmLink('aurora', link)).header('location')).toBe(`${site('aurora')}/entrar?confirmado=1`);
    await token('aurora', email, password);
  });

  test("squatting: a stranger's unverified sign-up never keeps the address from its owner", async () => {
    const email = `victim${Date.now()}@example.com`;
    const squatter = 'senha do intruso 123';
    await auth('/users', { method: 'POST', body: { name: 'Intruso <b>Visite evil.example</b>', email, password: squatter, 'g-captcha-response': await captcha() }, ip: newIp() });
    const first = await mail.waitFor(email, /cadastro\/confirmar/);
    // The owner signs up later: same answer as any sign-up, and a link of their own.
    const owner = 'senha da dona legítima';
    const again = await auth('/users', { method: 'POST', body: { name: 'Dona Legítima', email, password: owner, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(again.status).toBe(202);
    const second = await mail.waitFor(email, /cadastro\/confirmar/);
    // No text chosen by the stranger reaches the mailbox.
    for (const m of [first, second]) {
      expect(m.text).not.toContain('Intruso');
      expect(m.text).not.toContain('evil.example');
    }
    expect((await confirmLink('aurora', linkIn(second.text))).header('location')).toBe(`${site('aurora')}/entrar?confirmado=1`);
    // The owner's password is the account's; the stranger's is not; the stranger's link is spent.
    const t = await token('aurora', email, owner);
    expect(((await onSite('aurora', '/api/account/v1/me', { token: t.token })).json() as { name: string }).name).toBe('Dona Legítima');
    const theirs = await auth('/auth/token', { method: 'POST', body: { email, password: squatter, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(problem(theirs).code).toBe('invalid_credentials');
    expect((await confirmLink('aurora', linkIn(first.text))).header('location')).toContain('erro=invalid_link');
  });

  test("a stranger's sign-up after the owner's never wins her confirmation: her sign-in's link keeps her password", async () => {
    const email = `ownerfirst${Date.now()}@example.com`;
    const owner = 'senha da dona do e-mail';
    const stranger = 'senha do estranho 456';
    secrets.push(owner, stranger);
    expect((await auth('/users', { method: 'POST', body: { name: 'Dona', email, password: owner, 'g-captcha-response': await captcha() }, ip: newIp() })).status).toBe(202);
    await mail.waitFor(email, /cadastro\/confirmar/);
    expect((await auth('/users', { method: 'POST', body: { name: 'Estranho', email, password: stranger, 'g-captcha-response': await captcha() }, ip: newIp() })).status).toBe(202);
    await mail.waitFor(email, /cadastro\/confirmar/);
    const signIn = await auth('/auth/token', { method: 'POST', body: { email, password: owner, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(signIn.status).toBe(403);
    expect(problem(signIn).code).toBe('email_unverified');
    const newest = await mail.waitFor(email, /cadastro\/confirmar/);
    expect(newest.text).toContain('tentativa de entrar');
    expect((await confirmLink('aurora', linkIn(newest.text))).header('location')).toBe(`${site('aurora')}/entrar?confirmado=1`);
    const theirs = await auth('/auth/token', { method: 'POST', body: { email, password: stranger, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(theirs.status).toBe(400);
    expect(problem(theirs).code).toBe('invalid_credentials');
    const t = await token('aurora', email, owner);
    expect(((await onSite('aurora', '/api/account/v1/me', { token: t.token })).json() as { name: string }).name).toBe('Dona');
  });

  test('mails a stranger can trigger are limited: sign-up mails per account and day, reset mails to one per half hour', async () => {
    const email = `resend${Date.now()}@example.com`;
    const password = 'sabiá na palmeira';
    await auth('/users', { method: 'POST', body: { name: 'Rui', email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    await mail.waitFor(email, /cadastro\/confirmar/);
    for (let i = 0; i < 5; i++) {
      const res = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(problem(res).code).toBe('email_unverified');
    }
    // After the sign-up's own link, 3 more (the default AUTH_LIMIT_ACCOUNT_MAILS_DAY), whatever was asked.
    expect(await mailsTo(email, /cadastro\/confirmar/, 3)).toBe(3);
    for (let i = 0; i < 3; i++) {
      const res = await auth('/password/forgot', { method: 'POST', body: { email, 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(res.status).toBe(202);
    }
    // The spent sign-up mails did not silence the reset: one mail, its link live for the next asks.
    expect(await mailsTo(email, /entrar\/redefinir/, 1)).toBe(1);
    const secret = linkIn((await mail.waitFor(email, /entrar\/redefinir/)).text).searchParams.get('token');
    expect((await auth('/password/reset', { method: 'POST', body: { token: secret, password: 'palmeira com sabiá' }, ip: newIp() })).status).toBe(200);
  });

  test("the reset answer's time does not tell whether the address has an account, with a slow SMTP server", async () => {
    // Accounts to ask a reset for, one each (reset mails are paced per account).
    const rounds = 9;
    const existing: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const email = `timing${i}${Date.now()}@example.com`;
      expect((await auth('/users', { method: 'POST', body: { name: 'Tempo', email, password: 'relógio de areia lento', 'g-captcha-response': await captcha() }, ip: newIp() })).status).toBe(202);
      await mail.waitFor(email, /cadastro\/confirmar/);
      existing.push(email);
    }
    const answers = { existing: [] as number[], unknown: [] as number[] };
    const forgot = async (email: string, kind: keyof typeof answers) => {
      const body = { email, 'g-captcha-response': await captcha() };
      const ip = newIp();
      const started = performance.now();
      const res = await auth('/password/forgot', { method: 'POST', body, ip });
      answers[kind].push(performance.now() - started);
      expect(res.status).toBe(202);
      return res.text;
    };
    // Each reply of the SMTP server now takes 150 ms: sending one mail takes at least 600 ms.
    mail.delayReplies(150);
    try {
      for (let i = 0; i < rounds; i++) {
        const one = await forgot(existing[i]!, 'existing');
        const other = await forgot(`nobody${i}${Date.now()}@example.com`, 'unknown');
        expect(one).toBe(other);
        // The mail still goes out, after the answer.
        expect((await mail.waitFor(existing[i]!, /entrar\/redefinir/)).subject).toContain('redefinir');
      }
    } finally {
      mail.delayReplies(0);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(answers.existing) / median(answers.unknown);
    console.log(`forgot p50: existing ${median(answers.existing).toFixed(1)} ms, unknown ${median(answers.unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    // Mail sent before the answer made the ratio 15 or more (at least 600 ms against 10 to 40); side by side in one run, the
    // same work differs by a statement or two, within a busy machine's noise.
    expect(ratio).toBeLessThan(3);
  });

  test('a stranger who spends the sign-up mails and locks the account never stops the owner getting back in', async () => {
    const { email, password } = await verifiedAccount();
    // Three sign-ups with the owner's address spend the account's sign-up mails of the day...
    for (let i = 0; i < 3; i++) {
      const res = await auth('/users', { method: 'POST', body: { name: 'Intruso', email, password: `senha do intruso ${i}`, 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(res.status).toBe(202);
    }
    // ...and wrong passwords from many addresses lock it (AUTH_LIMIT_ACCOUNT_HOUR is 6 here).
    for (let i = 0; i < 6; i++) {
      const res = await auth('/auth/token', { method: 'POST', body: { email, password: `errada ${i}`, 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(problem(res).code).toBe('invalid_credentials');
    }
    const locked = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(locked.status).toBe(429);
    // The owner's reset mail still goes out, and the reset lifts the lock.
    const asked = await auth('/password/forgot', { method: 'POST', body: { email, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(asked.status).toBe(202);
    const secret = linkIn((await mail.waitFor(email, /entrar\/redefinir/)).text).searchParams.get('token');
    const fresh = 'de volta pela caixa de correio';
    secrets.push(fresh);
    expect((await auth('/password/reset', { method: 'POST', body: { token: secret, password: fresh }, ip: newIp() })).status).toBe(200);
    await token('aurora', email, fresh);
  });

  test('two session cookies of the same name: pages and forms read the same one, the first', async () => {
    const { email, password } = await verifiedAccount();
    const cookie = await siteSession('aurora', email, password);
    const junk = `sessao=cu_${'x'.repeat(43)}`;
    // The live session first: the page shows the account, and its form acts for it.
    expect((await onSite('aurora', '/conta', { cookie: `${cookie}; ${junk}` })).status).toBe(200);
    // A junk cookie first: the page is signed out, and so is the form (the session lives on).
    expect((await onSite('aurora', '/conta', { cookie: `${junk}; ${cookie}` })).status).toBeGreaterThanOrEqual(300);
    const ignored = await onSite('aurora', '/conta/sair-de-todos', { method: 'POST', form: {}, cookie: `${junk}; ${cookie}` });
    expect(ignored.status).toBe(303);
    expect((await onSite('aurora', '/conta', { cookie })).status).toBe(200);
    const out = await onSite('aurora', '/conta/sair-de-todos', { method: 'POST', form: {}, cookie: `${cookie}; ${junk}` });
    expect(out.header('location')).toBe(`${site('aurora')}/`);
    expect((await onSite('aurora', '/conta', { cookie })).status).toBeGreaterThanOrEqual(300);
  });

  test('Esqueci minha senha: a single-use link, the same answer for any address, every token revoked', async () => {
    const { email, password } = await verifiedAccount();
    const before = await token('aurora', email, password);
    const known = await auth('/password/forgot', { method: 'POST', body: { email, 'g-captcha-response': await captcha() }, ip: newIp() });
    const unknown = await auth('/password/forgot', { method: 'POST', body: { email: `nobody${Date.now()}@example.com`, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const link = linkIn((await mail.waitFor(email, /entrar\/redefinir/)).text);
    expect(link.origin).toBe(site('aurora'));
    const secret = link.searchParams.get('token')!;
    // The page the link opens spends nothing.
    const page = await onSite('aurora', link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/entrar/redefinir/enviar"');
    const weak = await auth('/password/reset', { method: 'POST', body: { token: secret, password: 'password123' }, ip: newIp() });
    expect(problem(weak).code).toBe('weak_password');
    const fresh = 'nova senha bem comprida';
    secrets.push(fresh);
    const done = await auth('/password/reset', { method: 'POST', body: { token: secret, password: fresh }, ip: newIp() });
    expect(done.status, done.text).toBe(200);
    expect((await onSite('aurora', '/api/account/v1/me', { token: before.token })).status).toBe(401);
    const old = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(problem(old).code).toBe('invalid_credentials');
    await token('aurora', email, fresh);
    const reused = await auth('/password/reset', { method: 'POST', body: { token: secret, password: 'mais uma senha comprida' }, ip: newIp() });
    expect(problem(reused).code).toBe('invalid_link');
    // The same through the site's forms, and a link of one brand is nothing on another.
    const asked = await onSite('aurora', '/entrar/esqueci/enviar', { method: 'POST', form: { email, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(asked.header('location')).toBe(`${site('aurora')}/entrar/esqueci?enviado=1`);
    const second = linkIn((await mail.waitFor(email, /entrar\/redefinir/)).text);
    expect(second.searchParams.get('token')).not.toBe(secret);
    const onMare = await auth('/password/reset', { method: 'POST', brand: 'mare', body: { token: second.searchParams.get('token'), password: 'senha da outra marca' }, ip: newIp() });
    expect(problem(onMare).code).toBe('invalid_link');
    const viaSite = await onSite('aurora', '/entrar/redefinir/enviar', { method: 'POST', form: { token: second.searchParams.get('token')!, password: 'terceira senha comprida' }, ip: newIp() });
    expect(viaSite.header('location')).toBe(`${site('aurora')}/entrar?redefinida=1`);
    await token('aurora', email, 'terceira senha comprida');
  });

  test('Sair de todos os dispositivos: every token of the account is revoked', async () => {
    const { email, password } = await verifiedAccount();
    const cookie = await siteSession('aurora', email, password);
    const here = { token: cookie.slice('sessao='.length) };
    const there = await token('aurora', email, password);
    const cross = await onSite('aurora', '/conta/sair-de-todos', { method: 'POST', form: {}, cookie, origin: 'http://evil.example' });
    expect(cross.header('location')).toContain('erro=cross_site');
    expect((await onSite('aurora', '/api/account/v1/me', { token: there.token })).status).toBe(200);
    const out = await onSite('aurora', '/conta/sair-de-todos', { method: 'POST', form: {}, cookie });
    expect(out.header('location')).toBe(`${site('aurora')}/`);
    expect(String(out.headers['set-cookie'])).toMatch(/sessao=; .*Max-Age=0/);
    expect((await onSite('aurora', '/api/account/v1/me', { token: there.token })).status).toBe(401);
    expect((await onSite('aurora', '/conta', { cookie })).status).toBeGreaterThanOrEqual(300);
  });

  test('an API token is not a website session, nor a website session an API token', async () => {
    const { email, password } = await verifiedAccount();
    const api = await token('aurora', email, password);
    const cookie = await siteSession('aurora', email, password);
    expect((await onSite('aurora', '/conta', { cookie: `sessao=${api.token}` })).status).toBeGreaterThanOrEqual(300);
    expect((await onSite('aurora', '/conta', { cookie })).status).toBe(200);
    const sessionToken = cookie.slice('sessao='.length);
    expect((await onSite('aurora', '/api/account/v1/me', { token: sessionToken })).status).toBe(401);
    expect((await auth('/auth/refresh', { method: 'POST', token: sessionToken })).status).toBe(401);
    expect((await onSite('aurora', '/api/account/v1/me', { token: api.token })).status).toBe(200);
  });

  test('refresh: a rotated token presented again revokes its whole family', async () => {
    const { email, password } = await verifiedAccount();
    const first = await token('aurora', email, password);
    const second = (await auth('/auth/refresh', { method: 'POST', token: first.token })).json() as { token: string };
    const third = (await auth('/auth/refresh', { method: 'POST', token: second.token })).json() as { token: string };
    expect((await onSite('aurora', '/api/account/v1/me', { token: third.token })).status).toBe(200);
    // A copy of the first token, stolen before its rotation, is tried: the family ends.
    const stolen = await auth('/auth/refresh', { method: 'POST', token: first.token });
    expect(stolen.status).toBe(401);
    expect((await onSite('aurora', '/api/account/v1/me', { token: third.token })).status).toBe(401);
    expect((await auth('/auth/refresh', { method: 'POST', token: third.token })).status).toBe(401);
  });

  test('an e-mail is one plain mailbox: a display name, brackets or a list are refused', async () => {
    for (const email of ['x<attacker@evil.example>', 'Ana <ana@example.com>', 'ana@example.com, eve@evil.example', '"a b"@example.com']) {
      const res = await auth('/users', { method: 'POST', body: { name: 'Ana', email, password: 'lua cheia de março', 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(problem(res).code, email).toBe('invalid_field');
    }
  });

  test('a site form with a multipart body over 16 KiB is refused whole (413), not a 5xx', async () => {
    const boundary = 'limite';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="email"', '', 'a'.repeat(17_000), `--${boundary}--`, ''].join('\r\n');
    const res = await request(port, '/entrar/enviar', { method: 'POST', host: `aurora.localhost:${port}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: site('aurora') }, body });
    expect(res.status).toBe(413);
    expect(problem(res).code).toBe('payload_too_large');
  });

  test('weak passwords are refused with the NIST rules', async () => {
    for (const password of ['short', 'password123', 'iloveyou']) {
      const res = await auth('/users', { method: 'POST', body: { name: 'Ana', email: 'ana@example.com', password, 'g-captcha-response': 'x' }, ip: newIp() });
      expect(problem(res).code).toBe('weak_password');
    }
  });

  test('brute force: consecutive failures per e-mail and address end in a 429 with Retry-After', async () => {
    const { email, password } = await verifiedAccount();
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      const res = await auth('/auth/token', { method: 'POST', body: { email, password: `wrong ${i}`, 'g-captcha-response': await captcha() }, ip });
      expect(problem(res).code).toBe('invalid_credentials');
    }
    const blocked = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip });
    expect(blocked.status).toBe(429);
    expect(problem(blocked).code).toBe('rate_limited');
    expect(Number(blocked.header('retry-after'))).toBeGreaterThan(0);
    // Another address is not blocked.
    await token('aurora', email, password, newIp());
  });

  test('brute force: failures from every address lock the account; its owner lifts the lock with a reset link', async () => {
    const { email, password } = await verifiedAccount();
    for (let i = 0; i < 6; i++) {
      const res = await auth('/auth/token', { method: 'POST', body: { email, password: `wrong ${i}`, 'g-captcha-response': await captcha() }, ip: newIp() });
      expect(problem(res).code).toBe('invalid_credentials');
    }
    const locked = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(locked.status).toBe(429);
    await auth('/password/forgot', { method: 'POST', body: { email, 'g-captcha-response': await captcha() }, ip: newIp() });
    const secret = linkIn((await mail.waitFor(email, /entrar\/redefinir/)).text).searchParams.get('token');
    const fresh = 'destrancada pelo e-mail';
    expect((await auth('/password/reset', { method: 'POST', body: { token: secret, password: fresh }, ip: newIp() })).status).toBe(200);
    await token('aurora', email, fresh);
  });

  test('brute force: concurrent guesses are counted atomically (20 at once, 3 evaluated)', async () => {
    const { email, password } = await verifiedAccount();
    const ip = newIp();
    const solved = await Promise.all(Array.from({ length: 20 }, () => captcha()));
    const answers = await Promise.all(solved.map((c, i) => auth('/auth/token', { method: 'POST', body: { email, password: `wrong ${i}`, 'g-captcha-response': c }, ip })));
    const codes = answers.map((res) => problem(res).code);
    expect(codes.filter((c) => c === 'invalid_credentials').length).toBe(3);
    expect(codes.filter((c) => c === 'rate_limited').length).toBe(17);
    await token('aurora', email, password, newIp());
  });

  test('brute force: the addresses of one IPv6 /64 are one address to every account limit', async () => {
    const { email, password } = await verifiedAccount();
    const net = `2001:db8:${(ipSeq++).toString(16)}:7`;
    for (let i = 0; i < 3; i++) {
      const res = await auth('/auth/token', { method: 'POST', body: { email, password: `wrong ${i}`, 'g-captcha-response': await captcha() }, ip: `${net}::${(i + 1).toString(16)}` });
      expect(problem(res).code).toBe('invalid_credentials');
    }
    const fourth = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: `${net}:aaaa:bbbb:cccc:dddd` });
    expect(fourth.status).toBe(429);
    // Another /64 is another client.
    await token('aurora', email, password, `2001:db8:${(ipSeq++).toString(16)}:8::1`);
  });

  test('a token is refused on another brand; the same e-mail on two brands is two accounts', async () => {
    const { email, password } = await verifiedAccount('aurora');
    const t = await token('aurora', email, password);
    expect((await onSite('mare', '/api/account/v1/me', { token: t.token })).status).toBe(401);
    expect((await auth('/auth/refresh', { method: 'POST', brand: 'mare', token: t.token })).status).toBe(401);
    expect((await onSite('aurora', '/api/account/v1/me', { token: t.token })).status).toBe(200);
    const onMare = await auth('/auth/token', { method: 'POST', brand: 'mare', body: { email, password, 'g-captcha-response': await captcha('mare') }, ip: newIp() });
    expect(problem(onMare).code).toBe('invalid_credentials');
    // A CAPTCHA solved for one brand does not pass on another.
    const crossed = await auth('/auth/token', { method: 'POST', brand: 'mare', body: { email, password, 'g-captcha-response': await captcha('aurora') }, ip: newIp() });
    expect(problem(crossed).code).toBe('captcha_invalid');
  });

  test('forged, replayed, expired and missing CAPTCHA answers are refused', async () => {
    const { email, password } = await verifiedAccount();
    const body = (c: unknown) => ({ email, password, 'g-captcha-response': c });
    const used = await captcha();
    expect((await auth('/auth/token', { method: 'POST', body: body(used), ip: newIp() })).status).toBe(200);
    const replayed = await auth('/auth/token', { method: 'POST', body: body(used), ip: newIp() });
    expect(problem(replayed).code).toBe('captcha_invalid');
    const forgedChallenge = await createChallenge({ algorithm: 'SHA-256', cost: 20, keyPrefix: '00', deriveKey, data: { brand: 'aurora' }, expiresAt: Math.floor(Date.now() / 1000) + 600, hmacSignatureSecret: 'not the server secret' });
    expect(problem(await auth('/auth/token', { method: 'POST', body: body(await solve(forgedChallenge)), ip: newIp() })).code).toBe('captcha_invalid');
    const expiredChallenge = await createChallenge({ algorithm: 'SHA-256', cost: 20, keyPrefix: '00', deriveKey, data: { brand: 'aurora' }, expiresAt: Math.floor(Date.now() / 1000) - 60, hmacSignatureSecret: ALTCHA_SECRET });
    expect(problem(await auth('/auth/token', { method: 'POST', body: body(await solve(expiredChallenge)), ip: newIp() })).code).toBe('captcha_invalid');
    for (const junk of [undefined, '', 'bm90IGpzb24=', 42]) {
      expect(problem(await auth('/auth/token', { method: 'POST', body: body(junk), ip: newIp() })).code).toBe('captcha_invalid');
    }
  });

  test('the website: sign in with next, header, private /conta, two-step, sign out', async () => {
    const { email, password } = await verifiedAccount('mare', 'Carla Nunes');
    const anonymous = await onSite('mare', '/');
    expect(anonymous.text).toContain('>Entrar</a>');
    const entrar = await onSite('mare', '/entrar?next=/eventos/algum');
    expect(entrar.status).toBe(200);
    expect(entrar.header('cache-control')).toContain('no-store');
    expect(entrar.header('content-security-policy')).toMatch(/'nonce-[^']+'/);
    expect(entrar.text).toContain('name="next" value="/eventos/algum"');
    expect(entrar.text).toContain('<altcha-widget');

    const signIn = await onSite('mare', '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha('mare'), next: '/eventos/algum?x=1' }, ip: newIp() });
    expect(signIn.status).toBe(303);
    expect(signIn.header('location')).toBe(`${site('mare')}/eventos/algum?x=1`);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/sessao=cu_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    const cookie = /sessao=(cu_[A-Za-z0-9_-]{43})/.exec(setCookie)![0];
    secrets.push(cookie.slice('sessao='.length));

    const home = await onSite('mare', '/', { cookie });
    expect(home.text).toContain('>Carla</a>');
    expect(home.header('cache-control')).toContain('no-store');
    expect((await onSite('mare', '/')).text).not.toContain('Carla');
    const missing = await onSite('mare', '/eventos/no-such-event', { cookie });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Página não encontrada');
    expect(missing.header('cache-control')).toContain('no-store');
    const conta = await onSite('mare', '/conta', { cookie });
    expect(conta.status).toBe(200);
    expect(conta.header('cache-control')).toMatch(/private/);
    expect(conta.header('cache-control')).toMatch(/no-store/);
    expect(conta.text).toContain(email);
    // Markdown of a personal page is never produced: HTML for the person, and nothing personal for anyone else.
    const md = await onSite('mare', '/conta', { cookie, accept: 'text/markdown' });
    expect(md.header('content-type')).not.toContain('markdown');
    const mdAnon = await onSite('mare', '/conta', { accept: 'text/markdown' });
    expect(mdAnon.text).not.toContain(email);
    expect((await onSite('mare', '/conta')).status).toBeGreaterThanOrEqual(300);

    // Open redirects are refused.
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/.//evil.example', '/a/..//evil.example']) {
      const res = await onSite('mare', '/entrar/enviar', { method: 'POST', form: { email, password: 'wrong password', 'g-captcha-response': 'x', next }, ip: newIp() });
      expect(res.header('location')!.startsWith(`${site('mare')}/entrar?`)).toBe(true);
      expect(new URL(res.header('location')!).searchParams.get('next')).toBe('/conta');
    }

    // Cross-site posts are refused and change nothing.
    const crossOut = await onSite('mare', '/conta/sair', { method: 'POST', form: {}, cookie, origin: 'http://evil.example' });
    expect(crossOut.header('location')).toContain('erro=cross_site');
    expect((await onSite('mare', '/conta', { cookie })).status).toBe(200);
    const crossIn = await onSite('mare', '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha('mare') }, origin: 'http://evil.example', ip: newIp() });
    expect(crossIn.header('location')).toContain('erro=cross_site');
    expect(crossIn.headers['set-cookie']).toBeUndefined();
    const noOrigin = await onSite('mare', '/conta/dois-passos', { method: 'POST', form: { ativar: '1', password }, cookie, origin: null });
    expect(noOrigin.header('location')).toContain('erro=cross_site');

    // Two-step on, through the account page's switch: the session alone is not enough.
    for (const form of [{ ativar: '1' }, { ativar: '1', password: 'not the password' }] as Record<string, string>[]) {
      const refused = await onSite('mare', '/conta/dois-passos', { method: 'POST', form, cookie });
      expect(refused.header('location')).toBe(`${site('mare')}/conta?erro=invalid_credentials&form=dois-passos#erro`);
    }
    const refusedPage = await onSite('mare', '/conta?erro=invalid_credentials&form=dois-passos', { cookie });
    expect(refusedPage.text).toMatch(/<h2 id="titulo-dois-passos">Verificação em duas etapas<\/h2><p>[^<]+<\/p><p role="alert" class="error" id="erro" tabindex="-1">Senha incorreta. Nada foi alterado.<\/p>/);
    expect(refusedPage.text).toContain('Sua senha, para confirmar<input type="password" autoComplete="current-password"');
    expect((await onSite('mare', '/conta', { cookie })).text).toContain('Desativada');
    const elsewhere = await token('mare', email, password);
    const on = await onSite('mare', '/conta/dois-passos', { method: 'POST', form: { ativar: '1', password }, cookie });
    expect(on.header('location')).toBe(`${site('mare')}/conta?feito=dois-passos-ativada#feito`);
    // Turning it on ends every other session; this one stays.
    expect((await onSite('mare', '/api/account/v1/me', { token: elsewhere.token })).status).toBe(401);
    expect((await onSite('mare', '/conta', { cookie })).status).toBe(200);
    // A "Salvar" tapped before signing in goes through the code step too.
    const [toSave] = await someEvents('mare');
    const step1 = await onSite('mare', '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha('mare'), next: '/conta', salvar: toSave!.slug }, ip: newIp() });
    expect(step1.header('location')).toBe(`${site('mare')}/entrar?etapa=codigo&next=%2Fconta&salvar=${toSave!.slug}`);
    expect((await onSite('mare', `/entrar?etapa=codigo&next=%2Fconta&salvar=${toSave!.slug}`)).text).toContain(`<input type="hidden" name="salvar" value="${toSave!.slug}"/>`);
    const attemptCookie = /entrada=(sa_[A-Za-z0-9_-]{43})/.exec(String(step1.headers['set-cookie']))![0];
    expect(String(step1.headers['set-cookie'])).toContain('SameSite=Strict');
    const code = /\b(\d{6})\b/.exec((await mail.waitFor(email, /código/)).text)![1]!;
    secrets.push(code);
    const wrong = await onSite('mare', '/entrar/codigo', { method: 'POST', form: { code: code === '000000' ? '000001' : '000000', next: '/conta', salvar: toSave!.slug }, cookie: attemptCookie });
    expect(wrong.header('location')).toBe(`${site('mare')}/entrar?etapa=codigo&erro=invalid_code&next=%2Fconta&salvar=${toSave!.slug}#erro`);
    const right = await onSite('mare', '/entrar/codigo', { method: 'POST', form: { code, next: '/conta', salvar: toSave!.slug }, cookie: attemptCookie });
    expect(right.header('location')).toBe(`${site('mare')}/eventos/${toSave!.slug}#salvo`);
    const cookie2 = /sessao=(cu_[A-Za-z0-9_-]{43})/.exec(String(right.headers['set-cookie']))![0];
    expect(savedOn(await onSite('mare', '/conta', { cookie: cookie2 }), toSave!.slug)).toBe(true);
    const reuse = await onSite('mare', '/entrar/codigo', { method: 'POST', form: { code, next: '/conta' }, cookie: attemptCookie });
    expect(reuse.header('location')).toContain('erro=attempt_expired');

    // Sign out revokes the token.
    const out = await onSite('mare', '/conta/sair', { method: 'POST', form: {}, cookie: cookie2 });
    expect(out.header('location')).toBe(`${site('mare')}/`);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await onSite('mare', '/api/account/v1/me', { token: cookie2.slice('sessao='.length) })).status).toBe(401);
  });

  /** Events of a brand's catalog, from its public API. */
  async function someEvents(brand: string) {
    const res = await onSite(brand, '/api/public/v1/events?per_page=10', { accept: 'application/json' });
    expect(res.status).toBe(200);
    return (res.json() as { data: { slug: string; name: string }[] }).data;
  }
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  /** Whether /conta lists the event as saved (its remove button's form). */
  const savedOn = (page: Reply, slug: string) => page.text.includes(`name="evento" value="${slug}"/><button class="button secondary" type="submit" aria-label="Remover dos salvos`);

  test('Salvar: the event page has one form for everyone; signed in, the event is saved and listed on /conta, and can be removed', async () => {
    const { email, password } = await verifiedAccount('aurora');
    const cookie = await siteSession('aurora', email, password);
    const [first, second] = await someEvents('aurora');
    // The public page: the same form whoever asks, and nothing about who saved what.
    const anonymous = await onSite('aurora', `/eventos/${first!.slug}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.header('cache-control')).not.toMatch(/private|no-store/);
    expect(anonymous.text).toContain(`<form class="save-event" action="/conta/salvos" method="post"><input type="hidden" name="evento" value="${first!.slug}"/><button class="button secondary" type="submit">Salvar</button>`);
    expect(anonymous.text).toContain('id="salvo"');
    const markdown = await onSite('aurora', `/eventos/${first!.slug}`, { accept: 'text/markdown' });
    expect(markdown.text).not.toContain('Evento salvo');

    const save = await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: first!.slug }, cookie });
    expect(save.status).toBe(303);
    expect(save.header('location')).toBe(`${site('aurora')}/eventos/${first!.slug}#salvo`);
    expect(save.header('cache-control')).toContain('no-store');
    // Saving it again changes nothing.
    expect((await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: first!.slug }, cookie })).header('location')).toBe(`${site('aurora')}/eventos/${first!.slug}#salvo`);
    let conta = await onSite('aurora', '/conta', { cookie });
    expect(conta.header('cache-control')).toContain('no-store');
    expect(conta.text).toContain(`<a href="/eventos/${first!.slug}">${escaped(first!.name)}</a>`);
    expect(savedOn(conta, first!.slug)).toBe(true);

    // Refused: a post from another site, or without Origin and Sec-Fetch-Site; a slug that is no event; both save nothing.
    const cross = await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: second!.slug }, cookie, origin: 'http://evil.example' });
    expect(cross.header('location')).toBe(`${site('aurora')}/conta?erro=cross_site&form=salvos#erro`);
    const noOrigin = await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: second!.slug }, cookie, origin: null });
    expect(noOrigin.header('location')).toContain('erro=cross_site');
    for (const evento of ['../conta', 'no-such-event-at-all', '']) {
      const bad = await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento }, cookie });
      expect(bad.header('location'), evento).toBe(`${site('aurora')}/conta?erro=unknown_event&form=salvos#erro`);
    }
    expect((await onSite('aurora', '/conta?erro=unknown_event&form=salvos', { cookie })).text).toContain('Este evento não está mais no catálogo');
    expect((await onSite('aurora', '/conta/salvos', { method: 'GET', cookie })).status).toBe(405);
    conta = await onSite('aurora', '/conta', { cookie });
    expect(savedOn(conta, second!.slug)).toBe(false);

    // Removing: refused from elsewhere, then done.
    const crossRemove = await onSite('aurora', '/conta/salvos/remover', { method: 'POST', form: { evento: first!.slug }, cookie, origin: 'http://evil.example' });
    expect(crossRemove.header('location')).toContain('erro=cross_site');
    expect(savedOn(await onSite('aurora', '/conta', { cookie }), first!.slug)).toBe(true);
    const remove = await onSite('aurora', '/conta/salvos/remover', { method: 'POST', form: { evento: first!.slug }, cookie });
    expect(remove.header('location')).toBe(`${site('aurora')}/conta?feito=removido#feito`);
    conta = await onSite('aurora', '/conta?feito=removido', { cookie });
    expect(savedOn(conta, first!.slug)).toBe(false);
    expect(conta.text).toContain('Evento removido dos salvos.');
    expect(conta.text).toContain('Nenhum evento salvo.');
    // Without a session, removing leads to sign-in.
    expect((await onSite('aurora', '/conta/salvos/remover', { method: 'POST', form: { evento: first!.slug } })).header('location')).toBe(`${site('aurora')}/entrar?next=%2Fconta`);
  });

  test('Salvar before signing in: to the sign-in page with the event, and back on it with the event saved', async () => {
    const { email, password } = await verifiedAccount('aurora');
    const [event] = await someEvents('aurora');
    const tap = await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: event!.slug } });
    expect(tap.status).toBe(303);
    expect(tap.header('location')).toBe(`${site('aurora')}/entrar?salvar=${event!.slug}`);
    const page = await onSite('aurora', `/entrar?salvar=${event!.slug}`);
    expect(page.text).toContain(`<input type="hidden" name="salvar" value="${event!.slug}"/>`);
    expect(page.text).toContain('Entre na sua conta para salvar o evento');
    // Only a slug's shape travels: anything else is dropped.
    for (const salvar of ['//evil.example', '"><script>', 'a/../b']) {
      expect((await onSite('aurora', `/entrar?salvar=${encodeURIComponent(salvar)}`)).text, salvar).not.toContain('name="salvar"');
    }
    // A wrong password keeps the event, and lands on the message.
    const wrong = await onSite('aurora', '/entrar/enviar', { method: 'POST', form: { email, password: 'not the password', 'g-captcha-response': await captcha(), next: '/conta', salvar: event!.slug }, ip: newIp() });
    expect(wrong.header('location')).toBe(`${site('aurora')}/entrar?erro=invalid_credentials&next=%2Fconta&salvar=${event!.slug}#erro`);
    const refusedPage = await onSite('aurora', `/entrar?erro=invalid_credentials&next=%2Fconta&salvar=${event!.slug}`);
    expect(refusedPage.text).toContain('<p role="alert" class="error" id="erro" tabindex="-1">E-mail ou senha incorretos.</p>');
    // Each guess spends its CAPTCHA: after a refusal the new widget solves a new challenge as the page loads; before one, it waits for a tap.
    expect(refusedPage.text).toContain('hidelogo auto="onload"></altcha-widget>');
    expect(page.text).toContain('hidelogo></altcha-widget>');
    // A bad slug posted to the sign-in is dropped: signed in, the person lands on `next`.
    const odd = await onSite('aurora', '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha(), next: '/conta', salvar: '//evil.example' }, ip: newIp() });
    expect(odd.header('location')).toBe(`${site('aurora')}/conta`);
    secrets.push(/sessao=(cu_[A-Za-z0-9_-]{43})/.exec(String(odd.headers['set-cookie']))![1]!);

    const signIn = await onSite('aurora', '/entrar/enviar', { method: 'POST', form: { email, password, 'g-captcha-response': await captcha(), next: '/conta', salvar: event!.slug }, ip: newIp() });
    expect(signIn.status).toBe(303);
    expect(signIn.header('location')).toBe(`${site('aurora')}/eventos/${event!.slug}#salvo`);
    const cookie = /sessao=(cu_[A-Za-z0-9_-]{43})/.exec(String(signIn.headers['set-cookie']))![0];
    secrets.push(cookie.slice('sessao='.length));
    expect(savedOn(await onSite('aurora', '/conta', { cookie }), event!.slug)).toBe(true);
  });

  test('the account page: a new name, a new password with the current one, and deleting the account with its password', async () => {
    const { email, password } = await verifiedAccount('aurora', 'Rita Lopes');
    const cookie = await siteSession('aurora', email, password);
    const elsewhere = await token('aurora', email, password);

    // The name.
    const crossName = await onSite('aurora', '/conta/nome', { method: 'POST', form: { name: 'Intrusa' }, cookie, origin: 'http://evil.example' });
    expect(crossName.header('location')).toContain('erro=cross_site');
    const blank = await onSite('aurora', '/conta/nome', { method: 'POST', form: { name: '   ' }, cookie });
    expect(blank.header('location')).toBe(`${site('aurora')}/conta?erro=invalid_field&form=nome#erro`);
    expect((await onSite('aurora', '/conta?erro=invalid_field&form=nome', { cookie })).text).toContain('Escreva um nome de 1 a 100 caracteres.');
    const renamed = await onSite('aurora', '/conta/nome', { method: 'POST', form: { name: 'Rita <b>Lopes</b> Dias' }, cookie });
    expect(renamed.header('location')).toBe(`${site('aurora')}/conta?feito=nome#feito`);
    const conta = await onSite('aurora', '/conta?feito=nome', { cookie });
    expect(conta.text).toContain('<dd>Rita &lt;b&gt;Lopes&lt;/b&gt; Dias</dd>');
    expect(conta.text).toContain('<p role="status" class="ok" id="feito" tabindex="-1">Nome alterado.</p>');
    expect(conta.text).not.toContain('Intrusa');

    // The password: the current one first; other sessions and tokens end, this one stays.
    const newPassword = `rio de contas ${Math.random().toString(36).slice(2)}`;
    secrets.push(newPassword);
    const crossPassword = await onSite('aurora', '/conta/senha', { method: 'POST', form: { current: password, password: newPassword }, cookie, origin: null });
    expect(crossPassword.header('location')).toContain('erro=cross_site');
    const wrong = await onSite('aurora', '/conta/senha', { method: 'POST', form: { current: 'not the password', password: newPassword }, cookie, ip: newIp() });
    expect(wrong.header('location')).toBe(`${site('aurora')}/conta?erro=invalid_credentials&form=senha#erro`);
    expect((await onSite('aurora', '/conta?erro=invalid_credentials&form=senha', { cookie })).text).toContain('A senha atual não confere. Nada foi alterado.');
    const weak = await onSite('aurora', '/conta/senha', { method: 'POST', form: { current: password, password: '12345678' }, cookie, ip: newIp() });
    expect(weak.header('location')).toBe(`${site('aurora')}/conta?erro=weak_password&form=senha#erro`);
    expect((await onSite('aurora', '/api/account/v1/me', { token: elsewhere.token })).status).toBe(200);
    const changed = await onSite('aurora', '/conta/senha', { method: 'POST', form: { current: password, password: newPassword }, cookie, ip: newIp() });
    expect(changed.header('location')).toBe(`${site('aurora')}/conta?feito=senha#feito`);
    expect((await onSite('aurora', '/api/account/v1/me', { token: elsewhere.token })).status).toBe(401);
    expect((await onSite('aurora', '/conta', { cookie })).status).toBe(200);
    const refusedOld = await auth('/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(problem(refusedOld).code).toBe('invalid_credentials');
    const api = await token('aurora', email, newPassword);

    // Deleting: with the password, from this site only.
    const [event] = await someEvents('aurora');
    await onSite('aurora', '/conta/salvos', { method: 'POST', form: { evento: event!.slug }, cookie });
    const crossDelete = await onSite('aurora', '/conta/excluir', { method: 'POST', form: { password: newPassword }, cookie, origin: 'http://evil.example' });
    expect(crossDelete.header('location')).toContain('erro=cross_site');
    const wrongDelete = await onSite('aurora', '/conta/excluir', { method: 'POST', form: { password: password }, cookie, ip: newIp() });
    expect(wrongDelete.header('location')).toBe(`${site('aurora')}/conta?erro=invalid_credentials&form=excluir#erro`);
    expect((await onSite('aurora', '/conta?erro=invalid_credentials&form=excluir', { cookie })).text).toContain('Senha incorreta. A conta não foi excluída.');
    expect((await onSite('aurora', '/api/account/v1/me', { token: api.token })).status).toBe(200);
    const deleted = await onSite('aurora', '/conta/excluir', { method: 'POST', form: { password: newPassword }, cookie, ip: newIp() });
    expect(deleted.status).toBe(303);
    expect(deleted.header('location')).toBe(`${site('aurora')}/conta/excluida`);
    expect(String(deleted.headers['set-cookie'])).toContain('Max-Age=0');
    const goodbye = await onSite('aurora', '/conta/excluida');
    expect(goodbye.status).toBe(200);
    expect(goodbye.header('cache-control')).toContain('no-store');
    expect(goodbye.text).toContain('Sua conta foi excluída');
    // Every token ended; the account, its saved events and its password are gone; a mail says so.
    expect((await onSite('aurora', '/api/account/v1/me', { token: api.token })).status).toBe(401);
    const signedOut = await onSite('aurora', '/conta', { cookie });
    expect(signedOut.status).toBeGreaterThanOrEqual(300);
    expect(signedOut.header('location')).toContain('/entrar');
    const again = await auth('/auth/token', { method: 'POST', body: { email, password: newPassword, 'g-captcha-response': await captcha() }, ip: newIp() });
    expect(problem(again).code).toBe('invalid_credentials');
    const goodbyeMail = await mail.waitFor(email, /foi excluída/);
    expect(goodbyeMail.text).toContain('foi excluída a seu pedido, com o nome, o e-mail, a senha e os eventos salvos.');
    expect(goodbyeMail.text).not.toMatch(/https?:\/\/\S+token=/);
  });

  test('two-step through the API: the code is bound to its attempt, single-use, 5 tries', async () => {
    const { email, password } = await verifiedAccount('sertao');
    const cookie = await siteSession('sertao', email, password);
    await onSite('sertao', '/conta/dois-passos', { method: 'POST', form: { ativar: '1', password }, cookie });
    const ask = async () => {
      const res = await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { email, password, 'g-captcha-response': await captcha('sertao') }, ip: newIp() });
      expect(res.status).toBe(403);
      const p = problem(res);
      expect(p.code).toBe('two_step_required');
      const code = /\b(\d{6})\b/.exec((await mail.waitFor(email, /código/)).text)![1]!;
      return { attempt: p.attempt!, code };
    };
    const a = await ask();
    const b = await ask();
    if (a.code !== b.code) expect(problem(await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: b.attempt, code: a.code } })).code).toBe('invalid_code');
    const ok = await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: a.attempt, code: a.code } });
    expect(ok.status).toBe(200);
    secrets.push((ok.json() as { token: string }).token);
    expect(problem(await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: a.attempt, code: a.code } })).code).toBe('attempt_expired');
    const c = await ask();
    const wrong = c.code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) expect(problem(await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: c.attempt, code: wrong } })).code).toBe('invalid_code');
    expect(problem(await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: c.attempt, code: wrong } })).code).toBe('attempt_expired');
    expect(problem(await auth('/auth/token', { method: 'POST', brand: 'sertao', body: { attempt: c.attempt, code: c.code } })).code).toBe('attempt_expired');
    // An attempt of one brand is worthless on another.
    const d = await ask();
    expect(problem(await auth('/auth/token', { method: 'POST', brand: 'aurora', body: { attempt: d.attempt, code: d.code } })).code).toBe('attempt_expired');
  });

  test('every auth URL of the discovery documents answers', async () => {
    const meta = (await onSite('aurora', '/.well-known/oauth-authorization-server')).json() as Record<string, string> & { agent_auth: Record<string, string> };
    const urls: [string, string][] = [
      [meta.agent_auth.token_uri!, 'POST'],
      [meta.agent_auth.revocation_uri!, 'DELETE'],
      [meta.agent_auth.refresh_uri!, 'POST'],
      [meta.agent_auth.register_uri!, 'POST'],
    ];
    for (const [url, method] of urls) {
      const u = new URL(url);
      expect(u.host).toBe(`auth.localhost:${port}`);
      const res = await request(port, u.pathname, { method, host: u.host, headers: { 'x-origin': site('aurora'), 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect([400, 401], `${method} ${url}: ${res.status}`).toContain(res.status);
      expect(res.header('content-type')).toBe('application/problem+json');
    }
    const authMd = await onSite('aurora', '/auth.md');
    // The API base itself is a prefix, not a resource; everything else answers.
    for (const url of (authMd.text.match(/https?:\/\/[^\s)`>]+/g) ?? []).filter((u) => !u.replace(/[.,:;]+$/, '').endsWith('/api/public/v1'))) {
      const u = new URL(url.replace(/[.,:;]+$/, ''));
      const res = await request(port, u.pathname + u.search, { host: u.host, headers: { 'x-origin': site('aurora') } });
      expect(res.status, url).not.toBe(404);
    }
  });

  test('the auth metadata, read as a generic client reads it, is true of the host', async () => {
    // RFC 9728: the protected resource names its authorization servers and how a bearer travels.
    const resource = (await onSite('aurora', '/.well-known/oauth-protected-resource')).json() as {
      resource: string;
      authorization_servers: string[];
      bearer_methods_supported?: string[];
      resource_documentation?: string;
    };
    expect(resource.resource).toBe(site('aurora'));
    const fetchUrl = (url: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
      const u = new URL(url);
      return request(port, u.pathname + u.search, { method: o.method ?? 'GET', host: u.host, headers: { 'x-forwarded-for': newIp(), ...o.headers }, body: o.body });
    };
    if (resource.resource_documentation) expect((await fetchUrl(resource.resource_documentation)).status).toBe(200);
    expect(resource.authorization_servers.length).toBeGreaterThan(0);

    const account = await verifiedAccount('aurora', 'Cliente Genérico');
    for (const issuer of resource.authorization_servers) {
      // RFC 8414 §3: the metadata of an issuer without a path is at its root, and names that issuer.
      const metaReply = await fetchUrl(`${issuer}/.well-known/oauth-authorization-server`);
      expect(metaReply.status).toBe(200);
      const meta = metaReply.json() as Record<string, unknown>;
      expect(meta.issuer).toBe(issuer);

      // Defaults of RFC 8414 §2 for members left out: a client assumes them.
      const grants = (meta.grant_types_supported as string[] | undefined) ?? ['authorization_code', 'implicit'];
      const responses = meta.response_types_supported as string[];
      expect(Array.isArray(responses)).toBe(true);
      const tokenAuth = (meta.token_endpoint_auth_methods_supported as string[] | undefined) ?? ['client_secret_basic'];
      if (responses.length > 0 || grants.includes('authorization_code') || grants.includes('implicit')) {
        expect(meta.authorization_endpoint, 'an authorization flow needs an authorization endpoint').toBeTypeOf('string');
        expect((await fetchUrl(`${meta.authorization_endpoint as string}?response_type=code&client_id=x`)).status).not.toBe(404);
      }
      if (grants.length > 0) expect(meta.token_endpoint, 'a grant type needs a token endpoint').toBeTypeOf('string');
      for (const grant of grants) {
        // Each advertised grant works as RFC 6749 describes: a form-encoded request, a JSON token answer.
        const form: Record<string, string> =
          grant === 'password' ? { grant_type: 'password', username: account.email, password: account.password }
          : grant === 'client_credentials' ? { grant_type: 'client_credentials' }
          : { grant_type: grant };
        if (!['password', 'client_credentials'].includes(grant)) throw new Error(`grant type ${grant} is advertised; this test cannot drive it, so it cannot vouch for it`);
        expect(tokenAuth, 'a public client must be allowed on the token endpoint').toContain('none');
        const reply = await fetchUrl(meta.token_endpoint as string, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
        expect(reply.status, `${grant}: ${reply.text}`).toBe(200);
        expect(reply.json()).toMatchObject({ access_token: expect.any(String), token_type: expect.stringMatching(/^bearer$/i) });
      }
      if (typeof meta.revocation_endpoint === 'string') {
        // RFC 7009: a form-encoded POST with `token`, 200 whether or not the token was known.
        const reply = await fetchUrl(meta.revocation_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=unknown' });
        expect(reply.status, reply.text).toBe(200);
      }
      if (typeof meta.jwks_uri === 'string') {
        const keys = (await fetchUrl(meta.jwks_uri)).json() as { keys?: unknown[] };
        expect(keys.keys?.length).toBeGreaterThan(0);
      }
      if (typeof meta.registration_endpoint === 'string') {
        const reply = await fetchUrl(meta.registration_endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://client.example/cb'] }) });
        expect(reply.status, reply.text).toBe(201);
      }
      if (typeof meta.service_documentation === 'string') expect((await fetchUrl(meta.service_documentation)).status).toBe(200);

      // The extension block: each endpoint called exactly as it says, answers as it says.
      type Call = { method: string; content_type?: string; fields?: string[]; response_fields?: string[] };
      const ext = meta.agent_auth as { token_uri: string; refresh_uri: string; revocation_uri: string; origin_header: { name: string; value: string }; token_request: Call; refresh_request: Call; revocation_request: Call };
      const origin = { [ext.origin_header.name.toLowerCase()]: ext.origin_header.value };
      const values: Record<string, () => Promise<string>> = { email: async () => account.email, password: async () => account.password, 'g-captcha-response': () => captcha('aurora') };
      const body: Record<string, string> = {};
      for (const field of ext.token_request.fields!) body[field] = await values[field]!();
      const issued = await fetchUrl(ext.token_uri, { method: ext.token_request.method, headers: { ...origin, 'content-type': ext.token_request.content_type! }, body: JSON.stringify(body) });
      expect(issued.status, issued.text).toBe(200);
      const t = issued.json() as Record<string, string>;
      expect(Object.keys(t).sort()).toEqual([...ext.token_request.response_fields!].sort());
      secrets.push(t.token!);
      // Without the person's CAPTCHA there is no token, and another content type is refused.
      const noCaptcha = await fetchUrl(ext.token_uri, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
      expect(noCaptcha.status).toBe(400);
      expect(problem(noCaptcha).code).toMatch(/captcha/);
      const formPost = await fetchUrl(ext.token_uri, { method: 'POST', headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
      expect(formPost.status).toBe(415);

      // RFC 9728 bearer_methods_supported: the header works at the resource; a query token does not.
      expect(resource.bearer_methods_supported).toEqual(['header']);
      expect((await onSite('aurora', '/api/account/v1/me', { token: t.token })).status).toBe(200);
      expect((await onSite('aurora', `/api/account/v1/me?access_token=${encodeURIComponent(t.token!)}`)).status).toBe(401);

      const refreshed = await fetchUrl(ext.refresh_uri, { method: ext.refresh_request.method, headers: { ...origin, authorization: `Bearer ${t.token}` } });
      expect(refreshed.status, refreshed.text).toBe(200);
      const t2 = refreshed.json() as Record<string, string>;
      expect(Object.keys(t2).sort()).toEqual([...ext.refresh_request.response_fields!].sort());
      secrets.push(t2.token!);
      const revoked = await fetchUrl(ext.revocation_uri, { method: ext.revocation_request.method, headers: { ...origin, authorization: `Bearer ${t2.token}` } });
      expect(revoked.status).toBe(200);
      expect((await onSite('aurora', '/api/account/v1/me', { token: t2.token })).status).toBe(401);
    }
  });

  test('no password, code or token in clear in the database or the server log', async () => {
    expect(secrets.length).toBeGreaterThan(10);
    const log = server.output();
    const dump = await backend.dump(server);
    expect(dump).toContain('argon2id');
    for (const secret of secrets) {
      expect(log.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
      if (secret.length > 6) expect(dump.includes(secret), `database holds ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});

afterAll(() => mail.close());
