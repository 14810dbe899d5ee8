import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { mintChallenge, verifyAltcha } from './captcha/altcha';
import { verifyRemote, type RemoteProvider } from './captcha/remote';
import { ARGON2_OPTIONS, hashPassword, passwordProblem, verifyDecoy, verifyPassword } from './passwords';
import { newCode, sha256 } from './secrets';
import { findAccountByEmail, forgetExpiredUnverified, insertAccount, newEmailLink, newResetLink, useEmailLink, useResetLink } from './store';
import { issueToken, rotateToken, spendToken, tokenOwner } from './tokens';
import { CODE_MAX_TRIES, checkCode, openAttempt } from './two-step';

let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await db.query("INSERT INTO brands (id, name) VALUES ('aurora', 'Aurora'), ('mare', 'Maré')");
});

afterAll(async () => {
  await db?.close();
});

describe('passwords (NIST SP 800-63B)', () => {
  test.each([
    ['short7!', 'too_short'],
    ['a'.repeat(129), 'too_long'],
    ['password', 'common'],
    ['12345678', 'common'],
    ['Iloveyou', 'common'],
    ['qwertyuiop', 'common'],
    ['maria.silva', 'common'],
    ['lua de março no sertão', null],
    ['correct horse battery staple', null],
    ['ÇÃÕ😀ÇÃÕ😀', null],
  ])('%s → %s', (pw, expected) => {
    expect(passwordProblem(pw, ['maria.silva@example.com', 'maria.silva', 'Maria Silva'])).toBe(expected);
  });

  test('argon2id with the OWASP parameters, and verification', async () => {
    const h = await hashPassword('lua de março no sertão');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(h, 'lua de março no sertão')).toBe(true);
    expect(await verifyPassword(h, 'lua de marco no sertao')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyDecoy('anything')).toBe(false);
  });

  test('codes are six digits', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });
});

describe('accounts, tokens, links and two-step attempts in the database', () => {
  test('an e-mail has one account per brand; the same e-mail on another brand is another account', async () => {
    const a = await insertAccount(db, { brandId: 'aurora', email: 'ana@example.com', name: 'Ana', passwordHash: 'h' });
    const again = await insertAccount(db, { brandId: 'aurora', email: 'ana@example.com', name: 'Ana 2', passwordHash: 'h' });
    const other = await insertAccount(db, { brandId: 'mare', email: 'ana@example.com', name: 'Ana', passwordHash: 'h' });
    expect(a).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
    expect(other!.id).not.toBe(a!.id);
  });

  test('tokens: opaque, hashed at rest, brand-bound, spent once', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const t = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    expect(t.type).toBe('bearer');
    expect(t.token).toMatch(/^cu_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(t.expires_at) - Date.now()).toBeGreaterThan(3500_000);
    const rows = await db.query<{ hash: Uint8Array }>('SELECT hash FROM account_tokens');
    expect(rows.some((r) => Buffer.from(r.hash).equals(sha256(t.token)))).toBe(true);
    const dump = JSON.stringify(await db.query("SELECT encode(hash, 'escape') AS h, * FROM account_tokens"));
    expect(dump).not.toContain(t.token.slice(3));
    expect((await tokenOwner(db, 'aurora', t.token, 'api'))?.accountId).toBe(acc.id);
    expect(await tokenOwner(db, 'mare', t.token, 'api')).toBeNull();
    expect(await spendToken(db, 'mare', t.token)).toBeNull();
    expect(await spendToken(db, 'aurora', t.token)).toBe(acc.id);
    expect(await spendToken(db, 'aurora', t.token)).toBeNull();
    expect(await tokenOwner(db, 'aurora', t.token, 'api')).toBeNull();
    expect(await tokenOwner(db, 'aurora', 'cu_' + 'x'.repeat(43), 'api')).toBeNull();
    expect(await tokenOwner(db, 'aurora', "'; DROP TABLE accounts; --", 'api')).toBeNull();
  });

  test('audiences: an API token is not a website session, nor the reverse', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const api = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    const site = await issueToken(db, 'aurora', acc.id, 3600, 'site');
    expect(await tokenOwner(db, 'aurora', api.token, 'site')).toBeNull();
    expect(await tokenOwner(db, 'aurora', site.token, 'api')).toBeNull();
    expect((await tokenOwner(db, 'aurora', site.token, 'site'))?.accountId).toBe(acc.id);
    // A website session cannot be refreshed into an API token.
    expect((await rotateToken(db, 'aurora', site.token, 86_400)).ok).toBe(false);
  });

  test('refresh: one family per sign-in, an absolute lifetime, and a rotated token seen again revokes the family', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const first = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    const r1 = await rotateToken(db, 'aurora', first.token, 86_400);
    expect(r1.ok).toBe(true);
    const second = await issueToken(db, 'aurora', acc.id, 3600, 'api', r1.ok ? r1.family : undefined);
    const r2 = await rotateToken(db, 'aurora', second.token, 86_400);
    const third = await issueToken(db, 'aurora', acc.id, 3600, 'api', r2.ok ? r2.family : undefined);
    const unrelated = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    // The first token, rotated long ago, comes back: a thief or a replay. The whole family ends.
    expect((await rotateToken(db, 'aurora', first.token, 86_400)).ok).toBe(false);
    expect(await tokenOwner(db, 'aurora', third.token, 'api')).toBeNull();
    expect((await tokenOwner(db, 'aurora', unrelated.token, 'api'))?.accountId).toBe(acc.id);
    // Past the absolute lifetime from its sign-in, a family is not renewed.
    await db.query("UPDATE account_tokens SET family_started_at = now() - interval '2 days' WHERE hash = $1", [sha256(unrelated.token)]);
    expect((await rotateToken(db, 'aurora', unrelated.token, 86_400)).ok).toBe(false);
    expect((await tokenOwner(db, 'aurora', unrelated.token, 'api'))?.accountId).toBe(acc.id);
  });

  test("a refreshed token expires at its family's absolute limit when that comes before its TTL", async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const first = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    // Signed in 50 s ago, with a family that lives 60 s: the next token may live 10 s, not an hour.
    await db.query("UPDATE account_tokens SET family_started_at = now() - interval '50 seconds' WHERE hash = $1", [sha256(first.token)]);
    const rotation = await rotateToken(db, 'aurora', first.token, 60);
    expect(rotation.ok).toBe(true);
    const next = await issueToken(db, 'aurora', acc.id, 3600, 'api', rotation.ok ? rotation.family : undefined);
    const [row] = await db.query<{ left_s: number; limit_s: number }>(
      `SELECT extract(epoch FROM expires_at - now())::float8 AS left_s, extract(epoch FROM expires_at - family_started_at)::float8 AS limit_s FROM account_tokens WHERE hash = $1`,
      [sha256(next.token)],
    );
    expect(row!.limit_s).toBeLessThanOrEqual(60);
    expect(row!.left_s).toBeLessThanOrEqual(10);
    expect(Date.parse(next.expires_at) - Date.now()).toBeLessThan(15_000);
  });

  // Two people sign up with one address; only its mailbox decides. Each link confirms the
  // password of the request that produced it, and nothing else.
  test("owner, then stranger, then the owner's sign-in: the link of her sign-in confirms her password", async () => {
    const acc = (await insertAccount(db, { brandId: 'aurora', email: 'owner-first@example.com', name: 'Owner', passwordHash: 'owner' }))!;
    const own = await newEmailLink(db, acc.id);
    const strangers = await newEmailLink(db, acc.id, { name: 'Stranger', passwordHash: 'stranger' });
    // Her sign-in proved the account's password ('owner'): its link confirms that one.
    const signIn = await newEmailLink(db, acc.id);
    // A sign-up spends every older link (docs/accounts.md): hers from before the stranger's is dead.
    expect(await useEmailLink(db, 'aurora', own)).toBeNull();
    expect(await useEmailLink(db, 'aurora', signIn)).toMatchObject({ name: 'Owner', passwordHash: 'owner', emailVerified: true });
    // One mailbox decision ends the other links: the stranger's can no longer install his.
    expect(await useEmailLink(db, 'aurora', strangers)).toBeNull();
    expect((await findAccountByEmail(db, 'aurora', 'owner-first@example.com'))!.passwordHash).toBe('owner');
  });

  test('stranger, then owner: her sign-up\'s link confirms her password, even after the stranger signs in again', async () => {
    const acc = (await insertAccount(db, { brandId: 'aurora', email: 'stranger-first@example.com', name: 'Stranger', passwordHash: 'stranger' }))!;
    const strangers = await newEmailLink(db, acc.id);
    const owners = await newEmailLink(db, acc.id, { name: 'Owner', passwordHash: 'owner' });
    await newEmailLink(db, acc.id); // the stranger signs in with the account's password
    expect(await useEmailLink(db, 'aurora', strangers)).toBeNull();
    expect(await useEmailLink(db, 'aurora', owners)).toMatchObject({ name: 'Owner', passwordHash: 'owner', emailVerified: true });

    // The same order, the other link: the stranger's sign-in link confirms the password he
    // proved (its mail says a sign-in sent it), never carries hers over to him.
    const twin = (await insertAccount(db, { brandId: 'aurora', email: 'stranger-first2@example.com', name: 'Stranger', passwordHash: 'stranger' }))!;
    await newEmailLink(db, twin.id);
    const hers = await newEmailLink(db, twin.id, { name: 'Owner', passwordHash: 'owner' });
    const his = await newEmailLink(db, twin.id);
    expect(await useEmailLink(db, 'aurora', his)).toMatchObject({ name: 'Stranger', passwordHash: 'stranger' });
    expect(await useEmailLink(db, 'aurora', hers)).toBeNull();
  });

  test('a link mailed on a sign-in keeps the password just proven, never a later sign-up\'s', async () => {
    // Whoever signed in proved the account's password; the link of that sign-in confirms it,
    // though a sign-up with the address came after the account's.
    const acc = (await insertAccount(db, { brandId: 'aurora', email: 'proven@example.com', name: 'First', passwordHash: 'first' }))!;
    await newEmailLink(db, acc.id, { name: 'Second', passwordHash: 'second' });
    const signIn = await newEmailLink(db, acc.id);
    expect(await useEmailLink(db, 'aurora', signIn)).toMatchObject({ name: 'First', passwordHash: 'first', emailVerified: true });
  });

  test('each sign-up\'s link confirms that sign-up\'s password; an older sign-in link stays live and confirms its own', async () => {
    const acc = (await insertAccount(db, { brandId: 'aurora', email: 'each@example.com', name: 'A', passwordHash: 'a' }))!;
    const signIn = await newEmailLink(db, acc.id);
    const b = await newEmailLink(db, acc.id, { name: 'B', passwordHash: 'b' });
    // The sign-in link came before B's sign-up and was spent by it, as every older link is.
    expect(await useEmailLink(db, 'aurora', signIn)).toBeNull();
    const again = await newEmailLink(db, acc.id); // a sign-in with 'a' after B's sign-up
    expect(await useEmailLink(db, 'aurora', again)).toMatchObject({ name: 'A', passwordHash: 'a' });
    expect(await useEmailLink(db, 'aurora', b)).toBeNull();

    const other = (await insertAccount(db, { brandId: 'aurora', email: 'each2@example.com', name: 'A', passwordHash: 'a' }))!;
    await newEmailLink(db, other.id, { name: 'B', passwordHash: 'b' });
    const c = await newEmailLink(db, other.id, { name: 'C', passwordHash: 'c' });
    await newEmailLink(db, other.id); // a sign-in with 'a' after C's sign-up: C's link stays live
    expect(await useEmailLink(db, 'aurora', c)).toMatchObject({ name: 'C', passwordHash: 'c' });
  });

  test('an expired token is refused', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const t = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    await db.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE hash = $1", [sha256(t.token)]);
    expect(await tokenOwner(db, 'aurora', t.token, 'api')).toBeNull();
  });

  test('verification links: once, for their brand only', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    expect(acc.emailVerified).toBe(false);
    const secret = await newEmailLink(db, acc.id);
    expect(await useEmailLink(db, 'mare', secret)).toBeNull();
    expect((await useEmailLink(db, 'aurora', secret))?.emailVerified).toBe(true);
    expect(await useEmailLink(db, 'aurora', secret)).toBeNull();
  });

  test('unverified accounts are forgotten 48 hours after creation; verified or recent ones stay', async () => {
    const make = async (email: string, ageH: number, verified: boolean) => {
      const acc = (await insertAccount(db, { brandId: 'aurora', email, name: 'X', passwordHash: 'h' }))!;
      await db.query(`UPDATE accounts SET created_at = now() - make_interval(hours => $2), email_verified_at = CASE WHEN $3 THEN now() END WHERE id = $1`, [acc.id, ageH, verified]);
    };
    await make('old@example.com', 49, false);
    await make('recent@example.com', 47, false);
    await make('oldverified@example.com', 49, true);
    for (const email of ['old@example.com', 'recent@example.com', 'oldverified@example.com']) await forgetExpiredUnverified(db, 'aurora', email);
    expect(await findAccountByEmail(db, 'aurora', 'old@example.com')).toBeNull();
    expect(await findAccountByEmail(db, 'aurora', 'recent@example.com')).not.toBeNull();
    expect(await findAccountByEmail(db, 'aurora', 'oldverified@example.com')).not.toBeNull();
  });

  test('a reset link: once, for its brand and purpose; the new password, every token revoked', async () => {
    const acc = (await insertAccount(db, { brandId: 'aurora', email: 'reset@example.com', name: 'R', passwordHash: 'old' }))!;
    const t = await issueToken(db, 'aurora', acc.id, 3600, 'api');
    const verify = await newEmailLink(db, acc.id);
    const secret = await newResetLink(db, acc.id);
    expect(await useResetLink(db, 'aurora', verify, 'new')).toBeNull(); // a verification link is not a reset link
    expect(await useResetLink(db, 'mare', secret, 'new')).toBeNull();
    const reset = (await useResetLink(db, 'aurora', secret, 'new'))!;
    expect(reset.passwordHash).toBe('new');
    expect(reset.emailVerified).toBe(true);
    expect(await tokenOwner(db, 'aurora', t.token, 'api')).toBeNull();
    expect(await useResetLink(db, 'aurora', secret, 'newer')).toBeNull();
    // The verification link sent before is spent with it.
    expect(await useEmailLink(db, 'aurora', verify)).toBeNull();
  });

  test('two-step codes: bound to the attempt, single-use, 5 tries, 10 minutes', async () => {
    const acc = (await findAccountByEmail(db, 'aurora', 'ana@example.com'))!;
    const first = await openAttempt(db, acc.id);
    const second = await openAttempt(db, acc.id);
    const stored = JSON.stringify(await db.query("SELECT encode(code_hash, 'hex') AS c FROM sign_in_attempts"));
    expect(stored).not.toContain(first.code);
    // The code of one attempt does not open another.
    if (first.code !== second.code) expect((await checkCode(db, second.attempt, first.code)).ok).toBe(false);
    expect(await checkCode(db, first.attempt, first.code)).toEqual({ ok: true, accountId: acc.id });
    expect(await checkCode(db, first.attempt, first.code)).toEqual({ ok: false, reason: 'attempt_over' });

    const third = await openAttempt(db, acc.id);
    const wrong = third.code === '000000' ? '000001' : '000000';
    for (let i = 1; i < CODE_MAX_TRIES; i++) expect(await checkCode(db, third.attempt, wrong)).toEqual({ ok: false, reason: 'wrong_code' });
    expect(await checkCode(db, third.attempt, wrong)).toEqual({ ok: false, reason: 'attempt_over' });
    expect(await checkCode(db, third.attempt, third.code)).toEqual({ ok: false, reason: 'attempt_over' });

    const late = await openAttempt(db, acc.id);
    await db.query("UPDATE sign_in_attempts SET expires_at = now() - interval '1 second' WHERE hash = $1", [sha256(late.attempt)]);
    expect(await checkCode(db, late.attempt, late.code)).toEqual({ ok: false, reason: 'attempt_over' });
    expect(await checkCode(db, 'sa_nope', '123456')).toEqual({ ok: false, reason: 'attempt_over' });
  });
});

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA', () => {
  test('a solved challenge passes once, for its brand', async () => {
    const payload = await solve(await mintChallenge('aurora'));
    expect(await verifyAltcha(db, 'mare', payload)).toBe('wrong_brand');
    expect(await verifyAltcha(db, 'aurora', payload)).toBe('ok');
    expect(await verifyAltcha(db, 'aurora', payload)).toBe('replayed');
  });

  test('forged, tampered, expired and malformed payloads are refused', async () => {
    const challenge = await mintChallenge('aurora');
    const good = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString());
    const tampered = structuredClone(good);
    tampered.challenge.parameters.data.brand = 'mare';
    expect(await verifyAltcha(db, 'mare', Buffer.from(JSON.stringify(tampered)).toString('base64'))).toBe('forged');
    const wrongKey = structuredClone(good);
    wrongKey.solution.derivedKey = '00'.repeat(32);
    expect(await verifyAltcha(db, 'aurora', Buffer.from(JSON.stringify(wrongKey)).toString('base64'))).toBe('forged');
    const unsigned = structuredClone(good);
    unsigned.challenge.signature = 'ab'.repeat(32);
    expect(await verifyAltcha(db, 'aurora', Buffer.from(JSON.stringify(unsigned)).toString('base64'))).toBe('forged');
    const moved = structuredClone(good);
    moved.challenge.parameters.expiresAt += 3600;
    expect(await verifyAltcha(db, 'aurora', Buffer.from(JSON.stringify(moved)).toString('base64'))).toBe('forged');
    const old = await solve(await mintChallenge('aurora', Date.now() - 2 * 3600_000));
    expect(await verifyAltcha(db, 'aurora', old)).toBe('expired');
    for (const junk of ['', 'e30=', 'not base64 ✓', Buffer.from('[1,2]').toString('base64'), 'A'.repeat(10_000)]) {
      expect(await verifyAltcha(db, 'aurora', junk)).toBe('malformed');
    }
  });
});

describe('remote CAPTCHA verifiers (reCAPTCHA, hCaptcha, Turnstile) against a fake verify server', () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        if (form.get('response') === 'down') {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: form.get('secret') === 's3cret' && form.get('response') === 'good' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test.each<RemoteProvider>(['recaptcha', 'hcaptcha', 'turnstile'])('%s', async (provider) => {
    const base = { provider, secret: 's3cret', verifyUrl: url, remoteIp: '203.0.113.9', siteKey: 'site' };
    expect(await verifyRemote({ ...base, response: 'good' })).toBe('ok');
    expect(seen.at(-1)?.get('remoteip')).toBe('203.0.113.9');
    expect(await verifyRemote({ ...base, response: 'bad' })).toBe('refused');
    expect(await verifyRemote({ ...base, secret: 'other', response: 'good' })).toBe('refused');
    expect(await verifyRemote({ ...base, response: 'down' })).toBe('unavailable');
    expect(await verifyRemote({ ...base, verifyUrl: 'http://127.0.0.1:1/x', response: 'good' })).toBe('unavailable');
  });
});
