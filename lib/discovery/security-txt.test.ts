import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { securityTxt } from './security-txt';

describe('security.txt (RFC 9116)', () => {
  const aurora = demoRegistry(3000).brands[0]!;
  const now = new Date('2026-11-24T18:00:00Z');

  test('Contact, an Expires less than a year ahead, the Canonical URL of the brand', () => {
    const text = securityTxt(aurora, now);
    const fields = Object.fromEntries(text.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
    expect(fields.Contact).toMatch(/^(mailto:|https:)/);
    expect(fields.Canonical).toBe('http://aurora.localhost:3000/.well-known/security.txt');
    expect(fields.Expires).toBe('2027-05-23T00:00:00Z');
    const expires = Date.parse(fields.Expires!);
    expect(expires).toBeGreaterThan(now.getTime());
    expect(expires - now.getTime()).toBeLessThan(365 * 86_400_000);
    expect(text.endsWith('\n')).toBe(true);
  });
});
