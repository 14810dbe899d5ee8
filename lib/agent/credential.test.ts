import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { CLOCK_SKEW_S, CredentialSchema, issueCredential, verifyCredential } from './credential';

const [aurora, mare] = demoRegistry(3000).brands as [ReturnType<typeof demoRegistry>['brands'][number], ReturnType<typeof demoRegistry>['brands'][number]];
const SECRET = 'unit-test-secret';
const now = new Date('2026-11-23T12:00:00Z');

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const split = (credential: string) => credential.split('.') as [string, string, string];
/** Signs a body exactly as the server does: lets a test forge a correctly signed token. */
const signed = (body: string, secret = SECRET) => `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;

describe('anonymous agent credential', () => {
  test('issued credentials follow the schema and verify for their brand', () => {
    const c = issueCredential(aurora, now, SECRET);
    expect(CredentialSchema.parse(c)).toEqual(c);
    expect(c).toMatchObject({
      identity_type: 'anonymous',
      credential_type: 'opaque_token',
      usage: { header: 'X-Agent-Credential', brand: 'aurora', grants_access: false },
    });
    expect(c.credential).toMatch(/^ac1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(c.usage.issued_at).toBe('2026-11-23T12:00:00.000Z');
    expect(c.usage.expires_at).toBe('2026-12-23T12:00:00.000Z');
    const v = verifyCredential(c.credential, aurora, now, SECRET);
    expect(v).toEqual({ valid: true, id: expect.any(String), brand: 'aurora' });
  });

  test('the schema is closed: an extra field or a wrong type is refused', () => {
    const c = issueCredential(aurora, now, SECRET);
    expect(CredentialSchema.safeParse({ ...c, secret: 'x' }).success).toBe(false);
    expect(CredentialSchema.safeParse({ ...c, identity_type: 'delegated_user' }).success).toBe(false);
    expect(CredentialSchema.safeParse({ ...c, usage: { ...c.usage, grants_access: true } }).success).toBe(false);
  });

  test('two credentials are never the same, and each verifies with its own id', () => {
    const a = issueCredential(aurora, now, SECRET).credential;
    const b = issueCredential(aurora, now, SECRET).credential;
    expect(a).not.toBe(b);
    const va = verifyCredential(a, aurora, now, SECRET);
    const vb = verifyCredential(b, aurora, now, SECRET);
    expect(va.valid && vb.valid && va.id !== vb.id).toBe(true);
  });

  test('a credential is for its brand only', () => {
    const { credential } = issueCredential(aurora, now, SECRET);
    expect(verifyCredential(credential, mare, now, SECRET)).toEqual({ valid: false, reason: 'brand' });
    expect(verifyCredential(issueCredential(mare, now, SECRET).credential, mare, now, SECRET).valid).toBe(true);
  });

  test('valid until just before expires_at, expired from then on', () => {
    const c = issueCredential(aurora, now, SECRET);
    const exp = Date.parse(c.usage.expires_at);
    expect(verifyCredential(c.credential, aurora, new Date(exp - 1000), SECRET).valid).toBe(true);
    expect(verifyCredential(c.credential, aurora, new Date(exp), SECRET)).toEqual({ valid: false, reason: 'expired' });
    expect(verifyCredential(c.credential, aurora, new Date('2100-01-01T00:00:00Z'), SECRET)).toEqual({ valid: false, reason: 'expired' });
  });

  test('issued in the future beyond the clock skew: not valid; within it: valid', () => {
    const at = (offsetS: number) => issueCredential(aurora, new Date(now.getTime() + offsetS * 1000), SECRET).credential;
    expect(verifyCredential(at(CLOCK_SKEW_S), aurora, now, SECRET).valid).toBe(true);
    expect(verifyCredential(at(CLOCK_SKEW_S + 1), aurora, now, SECRET)).toEqual({ valid: false, reason: 'future' });
    expect(verifyCredential(at(365 * 86_400), aurora, now, SECRET)).toEqual({ valid: false, reason: 'future' });
    // A correctly signed payload whose issue time lies years ahead, expiry later still.
    const forward = signed(`ac1.${b64({ b: 'aurora', iat: 4_000_000_000, exp: 4_102_444_800, jti: 'f' })}`);
    expect(verifyCredential(forward, aurora, now, SECRET)).toEqual({ valid: false, reason: 'future' });
  });

  test('a tampered payload or signature, or another secret, breaks the signature', () => {
    const { credential } = issueCredential(aurora, now, SECRET);
    const [prefix, payload, sig] = split(credential);
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const invalid = { valid: false, reason: 'signature' };
    expect(verifyCredential(credential, aurora, now, 'other-secret')).toEqual(invalid);
    // Moving the brand or the expiry without the secret is caught.
    expect(verifyCredential(`${prefix}.${b64({ ...decoded, b: 'mare' })}.${sig}`, mare, now, SECRET)).toEqual(invalid);
    expect(verifyCredential(`${prefix}.${b64({ ...decoded, exp: 4_102_444_800 })}.${sig}`, aurora, now, SECRET)).toEqual(invalid);
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect(verifyCredential(`${prefix}.${payload}.${flipped}`, aurora, now, SECRET)).toEqual(invalid);
    expect(verifyCredential(`${prefix}.${payload}.${sig.slice(0, -2)}`, aurora, now, SECRET)).toEqual(invalid);
    // Another credential's signature does not fit this payload.
    const [, , otherSig] = split(issueCredential(aurora, now, SECRET).credential);
    expect(verifyCredential(`${prefix}.${payload}.${otherSig}`, aurora, now, SECRET)).toEqual(invalid);
  });

  test.each([null, undefined, '', 'garbage', 'ac1', 'ac1.x', 'ac2.a.b', 'ac1..', 'ac1.a.', 'ac1..b', 'ac1.a.b.c', 'Bearer ac1.a.b', '...'])(
    '%s is malformed',
    (token) => {
      expect(verifyCredential(token, aurora, now, SECRET)).toEqual({ valid: false, reason: 'malformed' });
    },
  );

  test('a correctly signed token whose payload is not a credential is malformed, never an exception', () => {
    for (const payload of ['not json', b64([1, 2]), b64({ b: 'aurora' }), b64({ b: 'aurora', iat: 'x', exp: 1, jti: 'j' })]) {
      const body = `ac1.${payload === 'not json' ? b64(payload) : payload}`;
      expect(verifyCredential(signed(body), aurora, now, SECRET), payload).toEqual({ valid: false, reason: 'malformed' });
    }
    // The same helper does make valid tokens, so the cases above fail for their payload alone.
    const good = signed(`ac1.${b64({ b: 'aurora', iat: 1, exp: 4_102_444_800, jti: 'j' })}`);
    expect(verifyCredential(good, aurora, now, SECRET)).toEqual({ valid: true, id: 'j', brand: 'aurora' });
  });
});
