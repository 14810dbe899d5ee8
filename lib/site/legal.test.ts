import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { brandSchema } from '../brand/schema';
import { privacyEmail } from './legal';

const aurora = demoRegistry(3000).brands[0]!;

describe('privacy contact', () => {
  test("the registry's privacy_email, else privacidade@ the site's host", () => {
    expect(privacyEmail(aurora)).toBe('privacidade@aurora.localhost');
    expect(privacyEmail(brandSchema.parse({ ...aurora, privacy_email: 'dpo@aurora.example' }))).toBe('dpo@aurora.example');
  });

  test('a privacy_email that is not an address is refused by the registry', () => {
    expect(brandSchema.safeParse({ ...aurora, privacy_email: 'javascript:alert(1)' }).success).toBe(false);
  });
});
