import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { assertSameSite, safeNext, sessionToken } from './account-forms';
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
  ])('next %j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
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
    expect(sessionToken('a=1; sessao=cu_abc; b=2')).toBe('cu_abc');
    expect(sessionToken('xsessao=cu_abc')).toBeNull();
    expect(hasSessionCookie('__Host-sessao=1')).toBe(true);
    expect(hasSessionCookie('sessaox=1')).toBe(false);
  });

  test('personal pages', () => {
    for (const p of ['/entrar', '/entrar/enviar', '/cadastro', '/cadastro/confirmar', '/conta', '/conta/sair']) expect(isPersonalPage(p)).toBe(true);
    for (const p of ['/', '/contato', '/entrarx', '/eventos/conta']) expect(isPersonalPage(p)).toBe(false);
  });
});
