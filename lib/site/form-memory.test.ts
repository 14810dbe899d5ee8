import { describe, expect, test } from 'vitest';
import { forgetForm, recalledForm, rememberForm } from './form-memory';

const header = (setCookie: string) => setCookie.split(';')[0]!;

describe('what a refused form gives back', () => {
  test('name, e-mail and an unspent CAPTCHA come back; a password is never kept', () => {
    const set = rememberForm('http://aurora.localhost:3000', 'cadastro', { name: ' Beatriz Lima ', email: 'bia@example.com', captcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==', password: 'segredo' } as never);
    expect(set).toMatch(/^form-cadastro=[A-Za-z0-9_-]+; Path=\/cadastro; HttpOnly; SameSite=Strict; Max-Age=600$/);
    expect(Buffer.from(header(set).split('=')[1]!, 'base64url').toString()).not.toContain('segredo');
    expect(recalledForm(header(set), 'cadastro')).toEqual({ name: 'Beatriz Lima', email: 'bia@example.com', captcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==' });
    // Each form reads only its own cookie.
    expect(recalledForm(header(set), 'entrar')).toEqual({});
  });

  test('Secure on https; nothing to keep forgets; a forged or oversized cookie gives nothing', () => {
    expect(rememberForm('https://aurora.example', 'entrar', { email: 'a@b.example' })).toMatch(/; Path=\/entrar; HttpOnly; SameSite=Strict; Max-Age=600; Secure$/);
    expect(rememberForm('http://aurora.localhost', 'entrar', { email: '' })).toBe(forgetForm('http://aurora.localhost', 'entrar'));
    expect(forgetForm('http://aurora.localhost', 'entrar')).toContain('Max-Age=0');
    expect(recalledForm('form-entrar=not-json', 'entrar')).toEqual({});
    expect(recalledForm(`form-entrar=${Buffer.from('[1,2]').toString('base64url')}`, 'entrar')).toEqual({});
    expect(recalledForm(`form-entrar=${Buffer.from(JSON.stringify({ email: 5, name: 'x'.repeat(500) })).toString('base64url')}`, 'entrar')).toEqual({});
    expect(recalledForm(null, 'entrar')).toEqual({});
  });
});
