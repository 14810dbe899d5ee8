import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { CredentialSchema, issueCredential, verifyCredential } from './credential';

const [aurora, mare] = demoRegistry(3000).brands as [ReturnType<typeof demoRegistry>['brands'][number], ReturnType<typeof demoRegistry>['brands'][number]];
const SECRET = 'unit-test-secret';
const now = new Date('2026-11-23T12:00:00Z');

describe('anonymous agent credential', () => {
  test('issued credentials follow the schema and verify for their brand', () => {
    const c = issueCredential(aurora, now, SECRET);
    expect(CredentialSchema.parse(c)).toEqual(c);
    expect(c.usage.issued_at).toBe('2026-11-23T12:00:00.000Z');
    expect(c.usage.expires_at).toBe('2026-12-23T12:00:00.000Z');
    const v = verifyCredential(c.credential, aurora, now, SECRET);
    expect(v).toEqual({ valid: true, id: expect.any(String), brand: 'aurora' });
  });

  test('two credentials are never the same', () => {
    expect(issueCredential(aurora, now, SECRET).credential).not.toBe(issueCredential(aurora, now, SECRET).credential);
  });

  test('another brand, another secret, expiry, tampering', () => {
    const { credential } = issueCredential(aurora, now, SECRET);
    const [prefix, payload, sig] = credential.split('.') as [string, string, string];
    expect(verifyCredential(credential, mare, now, SECRET)).toEqual({ valid: false, reason: 'brand' });
    expect(verifyCredential(credential, aurora, now, 'other-secret')).toEqual({ valid: false, reason: 'signature' });
    expect(verifyCredential(credential, aurora, new Date('2027-01-01T00:00:00Z'), SECRET)).toEqual({ valid: false, reason: 'expired' });
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), b: 'mare' })).toString('base64url');
    expect(verifyCredential(`${prefix}.${forged}.${sig}`, mare, now, SECRET)).toEqual({ valid: false, reason: 'signature' });
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect(verifyCredential(`${prefix}.${payload}.${flipped}`, aurora, now, SECRET)).toEqual({ valid: false, reason: 'signature' });
  });

  test.each([null, undefined, '', 'garbage', 'ac1.x', 'ac2.a.b', 'ac1..', 'ac1.a.b.c', 'Bearer ac1.a.b'])('%s is not valid', (token) => {
    expect(verifyCredential(token, aurora, now, SECRET).valid).toBe(false);
  });
});
