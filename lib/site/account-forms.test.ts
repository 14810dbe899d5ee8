import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { DbReadOnlyError, DbUnavailableError } from '../db/types';
import { assertSameSite, errorCode, formFields, messageFor, safeNext, saveIntent, sessionToken } from './account-forms';
import { hasSessionCookie, sessionCookie } from './session-cookie';
import { isPersonalPage } from './personal-pages';

const aurora = demoRegistry(3000).brands[0]!;

describe('website account forms', () => {
  test.each([
    ['/eventos/show-1', '/eventos/show-1'],
    ['/?q=forr%C3%B3', '/?q=forr%C3%B3'],
    ['/conta#x', '/conta#x'],
    ['//evil.example/x', '/conta'],
    ['/\\evil.example', '/conta'],
    ['https://evil.example/', '/conta'],
    ['javascript:alert(1)', '/conta'],
    ['/a\nb', '/conta'],
    ['eventos', '/conta'],
    [undefined, '/conta'],
    ['/' + 'a'.repeat(600), '/conta'],
    ['/.//evil.example', '/conta'],
    ['/./\\evil.example', '/conta'],
    ['/a/..//evil.example/x', '/conta'],
    ['/%2e//evil.example', '/conta'],
  ])('next %j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  test('safeNext is idempotent, and what it gives never leaves the site', () => {
    const part = fc.constantFrom('/', '.', '..', '//', '\\', '%2e', '%2f', 'evil.example', 'a', '?', '#', ':', '@');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }).map((parts) => parts.join('')), (raw) => {
        const once = safeNext(raw);
        expect(safeNext(once)).toBe(once);
        expect(new URL(once, 'http://site.invalid/').origin).toBe('http://site.invalid');
      }),
      { numRuns: 2000 },
    );
  });

  test('a message for every code, and for a name that is no code (__proto__ included) the general one', () => {
    expect(messageFor('invalid_credentials')).toBe('E-mail ou senha incorretos.');
    for (const name of ['__proto__', 'constructor', 'toString', 'nada']) expect(messageFor(name)).toBe(messageFor('internal_error'));
  });

  test('a database that refuses writes or does not answer has its own code and message, not the general one', () => {
    expect(errorCode(new DbReadOnlyError('read-only'))).toBe('read_only');
    expect(errorCode(new DbUnavailableError('down'))).toBe('upstream_unavailable');
    for (const code of ['read_only', 'upstream_unavailable']) expect(messageFor(code)).not.toBe(messageFor('internal_error'));
    expect(errorCode(new Error('a bug'))).toBe('internal_error');
  });

  test('a form body that is malformed or cut short gives no fields, never an error', async () => {
    const post = (type: string, body: string) => new Request('http://aurora.localhost:3000/entrar/enviar', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await formFields(post('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@exa'))).toEqual({});
    expect(await formFields(post('multipart/form-data', 'no boundary'))).toEqual({});
    expect(await formFields(post('application/x-www-form-urlencoded', 'email=ana%40example.com&next=%2F'))).toEqual({ email: 'ana@example.com', next: '/' });
  });

  test('cross-site posts are refused', () => {
    const post = (headers: Record<string, string>) => new Request('http://aurora.localhost:3000/entrar/enviar', { method: 'POST', headers });
    expect(() => assertSameSite(post({ origin: 'http://aurora.localhost:3000' }), aurora)).not.toThrow();
    expect(() => assertSameSite(post({ 'sec-fetch-site': 'same-origin' }), aurora)).not.toThrow();
    const refused: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null' }, { origin: 'http://mare.localhost:3000' }, {}, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      expect(() => assertSameSite(post(headers), aurora)).toThrow();
    }
  });

  test('the session cookie', () => {
    const c = sessionCookie('https://www.a.example', 'cu_x', new Date(0));
    expect(c).toMatch(/^__Host-sessao=cu_x; Path=\/; HttpOnly; SameSite=Lax; Expires=.*; Secure$/);
    expect(sessionCookie('http://aurora.localhost:3000', 'cu_x', new Date(0))).not.toContain('Secure');
    expect(sessionToken('a=1; sessao=cu_abc; b=2', 'http://aurora.localhost:3000')).toBe('cu_abc');
    expect(sessionToken('xsessao=cu_abc', 'http://aurora.localhost:3000')).toBeNull();
    // On https only the __Host- cookie counts: a plain one could be planted by a subdomain.
    expect(sessionToken('sessao=cu_planted', 'https://www.a.example')).toBeNull();
    expect(sessionToken('sessao=cu_planted; __Host-sessao=cu_real', 'https://www.a.example')).toBe('cu_real');
    expect(sessionToken('__Host-sessao=cu_real', 'http://aurora.localhost:3000')).toBeNull();
    expect(hasSessionCookie('__Host-sessao=1')).toBe(true);
    expect(hasSessionCookie('sessaox=1')).toBe(false);
  });

  test('personal pages', () => {
    for (const p of ['/entrar', '/entrar/enviar', '/cadastro', '/cadastro/confirmar', '/conta', '/conta/sair']) expect(isPersonalPage(p)).toBe(true);
    for (const p of ['/', '/contato', '/entrarx', '/eventos/conta']) expect(isPersonalPage(p)).toBe(false);
  });
});

describe('the event to save, carried through sign-in', () => {
  test('only the shape of a catalog slug passes; anything else is no event', () => {
    expect(saveIntent('show-de-forro-em-recife-12')).toBe('show-de-forro-em-recife-12');
    for (const value of [undefined, null, 42, '', '/eventos/x', '//evil.example', 'a/../b', 'Show', 'a--b', '-a', 'x'.repeat(161), '"><script>', 'a b']) {
      expect(saveIntent(value), String(value)).toBeNull();
    }
  });

  test('its messages are plain words, and an unknown code is the general one', () => {
    expect(messageFor('saved_full')).toContain('Remova algum evento');
    expect(messageFor('unknown_event')).toContain('não está mais no catálogo');
    expect(messageFor('no_such_code')).toBe(messageFor('internal_error'));
  });
});
