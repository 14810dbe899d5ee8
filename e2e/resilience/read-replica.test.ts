import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoRegistry } from '../../lib/brand/registry';
import { importLines } from '../../lib/catalog/import';
import { openPostgres } from '../../lib/db/postgres';
import { request, type Reply } from '../support/client';
import { startMailSink } from '../support/mail-sink';
import { createTestDatabase, postgresReachable, withClient } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

const available = await postgresReachable();
const API = '/api/public/v1';
// A long window: a change shows sooner only because the import announces it (LISTEN/NOTIFY).
const WINDOW_MS = 120_000;

// An instance on the primary beside two on a read-only connection to the same database
// (what a streaming replica gives): those start without a write and serve every read, and
// a change made on the primary reaches all of them at once, long before the window ends.
// One of the two also has DATABASE_PRIMARY_URL, and serves the accounts through it.
describe.skipIf(!available && process.env.CI !== 'true')('an instance on a read-only connection beside one on the primary', () => {
  let primary: RunningServer;
  let replica: RunningServer;
  let withPrimary: RunningServer;
  let url: string;
  let drop: () => Promise<void>;
  let mail: Awaited<ReturnType<typeof startMailSink>>;

  beforeAll(async () => {
    const db = await createTestDatabase('catalog_replica');
    url = db.url;
    drop = db.drop;
    mail = await startMailSink();
    const env = { DEMO_EVENTS: '90', CATALOG_CACHE_TTL_MS: String(WINDOW_MS), SMTP_URL: mail.url, ALTCHA_HMAC_SECRET: 'altcha-secret-of-the-replica-test', ALTCHA_COST: '20' };
    primary = await startServer('primary', { ...env, DATABASE_URL: url });
    const readOnly = `${url}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`;
    [replica, withPrimary] = await Promise.all([
      startServer('replica', { ...env, DATABASE_URL: readOnly }),
      startServer('replica-with-primary', { ...env, DATABASE_URL: readOnly, DATABASE_PRIMARY_URL: url }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([primary?.stop(), replica?.stop(), withPrimary?.stop()]);
    await mail?.close();
    await drop?.();
  });

  // The account flows, as a browser and a brand's app make them (e2e/api/accounts.test.ts tests each step in depth).
  const site = (s: RunningServer) => `http://aurora.localhost:${s.port}`;
  const auth = (s: RunningServer, path: string, o: { method?: string; body?: unknown; token?: string } = {}) =>
    request(s.port, path, {
      method: o.method ?? 'GET',
      host: `auth.localhost:${s.port}`,
      headers: {
        'x-origin': site(s),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token !== undefined ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
  const onSite = (s: RunningServer, path: string, o: { form?: Record<string, string>; cookie?: string; token?: string } = {}) =>
    request(s.port, path, {
      method: o.form ? 'POST' : 'GET',
      host: `aurora.localhost:${s.port}`,
      headers: {
        ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: site(s) } : {}),
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: o.form ? new URLSearchParams(o.form).toString() : undefined,
    });
  /** A solved ALTCHA challenge of the instance, as the widget posts it. */
  async function captcha(s: RunningServer): Promise<string> {
    const res = await auth(s, '/captcha/challenge');
    expect(res.status, res.text).toBe(200);
    const challenge = res.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const newAccount = () => ({ name: 'Joana Prado', email: `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`, password: `lua cheia ${Math.random().toString(36).slice(2)}` });
  const problem = (res: Reply) => {
    expect(res.header('content-type'), res.text).toBe('application/problem+json');
    return res.json() as { code: string; status: number; detail?: string };
  };

  test('the replica instance serves the API and the pages, and its health says read-only', async () => {
    const health = await request(replica.port, `${API}/health`);
    expect(health.json(), replica.output()).toMatchObject({ status: 'ok', database: { status: 'up', access: 'read-only' } });
    expect((await request(primary.port, `${API}/health`)).json()).toMatchObject({ database: { status: 'up', access: 'read-write' } });
    const list = await request(replica.port, `${API}/events?per_page=5`);
    expect(list.status, replica.output()).toBe(200);
    const slug = (list.json() as { data: { slug: string }[] }).data[0]!.slug;
    expect((await request(replica.port, `${API}/events/${slug}`)).status).toBe(200);
    expect((await request(replica.port, '/')).status).toBe(200);
    expect((await request(replica.port, `/eventos/${slug}`)).status).toBe(200);
    expect((await request(replica.port, '/', { headers: { accept: 'text/markdown' } })).status).toBe(200);
  });

  test('a withdrawal on the primary leaves every surface of both instances within seconds, the window notwithstanding', async () => {
    const list = await request(primary.port, `${API}/events?per_page=5`);
    const slug = (list.json() as { data: { slug: string }[] }).data[0]!.slug;
    // Both instances hold the event in their current window.
    for (const s of [primary, replica]) expect((await request(s.port, `${API}/events/${slug}`)).status).toBe(200);

    const db = openPostgres(url, 30_000, 2);
    try {
      const brands = new Set(demoRegistry(3000).brands.map((b) => b.id));
      const report = await importLines(db, [JSON.stringify({ brand: 'aurora', slug, withdrawn: true })], brands);
      expect(report.withdrawn).toBe(1);
    } finally {
      await db.close();
    }
    // Announced at commit: each instance drops its snapshots within about a second.
    for (const s of [primary, replica]) {
      for (let i = 0; i < 50 && (await request(s.port, `${API}/events/${slug}`)).status !== 404; i++) await new Promise((r) => setTimeout(r, 100));
    }
    for (const s of [primary, replica]) {
      const detail = await request(s.port, `${API}/events/${slug}`);
      expect(detail.status, s.name).toBe(404);
      expect((detail.json() as { code: string }).code).toBe('event_withdrawn');
      expect((await request(s.port, `/eventos/${slug}`)).status).toBe(404);
      const pages = [`${API}/events?per_page=50`, '/sitemap.xml', '/llms.txt', '/calendario.ics', '/'];
      for (const path of pages) {
        const res = await request(s.port, path);
        expect(res.status, `${s.name} ${path}`).toBe(200);
        expect(res.text, `${s.name} ${path}`).not.toContain(`/eventos/${slug}`);
      }
    }
    await withClient(url, async (c) => {
      const gone = await c.query('SELECT count(*)::int AS n FROM search_postings p JOIN event_withdrawals w ON true WHERE w.slug = $1 AND p.event_id NOT IN (SELECT id FROM events)', [slug]);
      expect(gone.rows[0].n).toBe(0);
    });
  });

  test('with DATABASE_PRIMARY_URL, a replica instance signs up, confirms, signs in and serves the profile', async () => {
    const s = withPrimary;
    const health = await request(s.port, `${API}/health`);
    expect(health.json(), s.output()).toMatchObject({ database: { status: 'up', access: 'read-only' } });
    const { name, email, password } = newAccount();

    const created = await auth(s, '/users', { method: 'POST', body: { name, email, password, 'g-captcha-response': await captcha(s) } });
    expect(created.status, created.text).toBe(202);
    const link = new URL(/https?:\/\/\S+/.exec((await mail.waitFor(email, /cadastro\/confirmar/)).text)![0]);
    expect(link.origin).toBe(site(s));
    expect((await onSite(s, link.pathname + link.search)).status).toBe(200);
    const confirmed = await onSite(s, '/cadastro/confirmar/enviar', { form: { token: link.searchParams.get('token')! } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.header('location')).toBe(`${site(s)}/entrar?confirmado=1`);

    const issued = await auth(s, '/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha(s) } });
    expect(issued.status, issued.text).toBe(200);
    const { token } = issued.json() as { token: string };
    const me = await onSite(s, '/api/account/v1/me', { token });
    expect(me.status, me.text).toBe(200);
    expect(me.json()).toMatchObject({ name, email, email_verified: true });
    // The account is the primary's: the instance on the primary knows it too.
    expect((await onSite(primary, '/api/account/v1/me', { token })).json()).toMatchObject({ email });
    // Refresh and revoke write too; a token revoked a moment ago is refused at once (the check reads the primary).
    const refreshed = await auth(s, '/auth/refresh', { method: 'POST', token });
    expect(refreshed.status, refreshed.text).toBe(200);
    const next = (refreshed.json() as { token: string }).token;
    expect((await auth(s, '/auth/revoke', { method: 'DELETE', token: next })).status).toBe(200);
    expect((await onSite(s, '/api/account/v1/me', { token: next })).status).toBe(401);

    // The website: its sign-in form sets the session, and the account page shows it.
    const signIn = await onSite(s, '/entrar/enviar', { form: { email, password, 'g-captcha-response': await captcha(s), next: '/conta' } });
    expect(signIn.status).toBe(303);
    expect(signIn.header('location')).toBe(`${site(s)}/conta`);
    const cookie = /sessao=cu_[A-Za-z0-9_-]{43}/.exec(String(signIn.headers['set-cookie']))?.[0];
    expect(cookie, signIn.header('location')).toBeDefined();
    const page = await onSite(s, '/conta', { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain(email);

    expect(s.output()).not.toContain(password);
  });

  test('without DATABASE_PRIMARY_URL, an account write on a replica instance is a 503 read_only, on the API and the forms', async () => {
    const s = replica;
    const { name, email, password } = newAccount();
    const signUp = await auth(s, '/users', { method: 'POST', body: { name, email, password, 'g-captcha-response': await captcha(s) } });
    expect(signUp.status, signUp.text).toBe(503);
    expect(problem(signUp)).toMatchObject({ code: 'read_only', status: 503 });
    expect(signUp.text).not.toMatch(/\bat .*\.(js|ts):\d+/);

    // An account made through the primary cannot sign in here either: the CAPTCHA is spent with a write.
    const created = await auth(primary, '/users', { method: 'POST', body: { name, email, password, 'g-captcha-response': await captcha(primary) } });
    expect(created.status, created.text).toBe(202);
    const link = new URL(/https?:\/\/\S+/.exec((await mail.waitFor(email, /cadastro\/confirmar/)).text)![0]);
    const confirmed = await onSite(s, '/cadastro/confirmar/enviar', { form: { token: link.searchParams.get('token')! } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.header('location')).toBe(`${site(s)}/entrar?erro=read_only`);
    const signIn = await auth(s, '/auth/token', { method: 'POST', body: { email, password, 'g-captcha-response': await captcha(s) } });
    expect(problem(signIn).code).toBe('read_only');

    // The website's forms say so in the page, with the same code.
    const form = await onSite(s, '/cadastro/enviar', { form: { name, email: `outro${email}`, password, 'g-captcha-response': await captcha(s) } });
    expect(form.status).toBe(303);
    expect(form.header('location')).toBe(`${site(s)}/cadastro?erro=read_only`);
    const shown = await onSite(s, '/cadastro?erro=read_only');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('somente leitura');
  });
});

describe('DATABASE_PRIMARY_URL without DATABASE_URL', () => {
  test('is refused at start with the reason', async () => {
    const outcome = await startServer('primary-without-catalog', { DATABASE_PRIMARY_URL: 'postgres://127.0.0.1:5432/postgres' }).then(
      async (s) => (await s.stop(), 'started'),
      (err: Error) => err.message,
    );
    expect(outcome).toMatch(/exited during start[\s\S]*Invalid configuration:\n  DATABASE_PRIMARY_URL: needs DATABASE_URL/);
  }, 150_000);
});
