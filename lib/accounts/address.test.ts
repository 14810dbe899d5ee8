import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mailbox } from './address';

describe('mailbox', () => {
  test.each(['ana@example.com', 'Maria.Silva+eventos@Example.COM', "o'neil@ex.com.br", 'a_b-c@sub.domínio.com.br', '  ana@example.com  '])('%s is one mailbox', (raw) => {
    expect(mailbox(raw)).toBe(raw.trim().toLowerCase());
  });

  test.each([
    'x<attacker@evil.com>',
    'Ana <ana@example.com>',
    '"ana maria"@example.com',
    'ana@example.com, eve@evil.com',
    'ana@example.com;eve@evil.com',
    'ana(comment)@example.com',
    'ana@[127.0.0.1]',
    'ana@localhost',
    '.ana@example.com',
    'ana.@example.com',
    'an..a@example.com',
    'ana@example..com',
    'ana@-example.com',
    'ana@example.com\r\nBcc: eve@evil.com',
    'ana@exa mple.com',
    '@example.com',
    'ana@',
    'ana',
    'joão@example.com',
    `${'a'.repeat(65)}@example.com`,
  ])('%j is refused', (raw) => {
    expect(mailbox(raw)).toBeNull();
  });

  test('whatever it accepts, a mailer parses as that one address and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab.<>@"(),;: \\\r\n-+x'.split('')), maxLength: 30 }), (raw) => {
        const address = mailbox(raw);
        if (address === null) return;
        expect(address).not.toMatch(/[<>"(),;:\s\\]/);
        expect(address.split('@').length).toBe(2);
      }),
    );
  });
});
