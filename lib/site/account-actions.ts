import { AuthError } from '../accounts/errors';
import { changeTwoStep, requestPasswordReset, resetPassword, revoke, signIn, signInWithCode, signOutEverywhere, signUp, verifyEmail } from '../accounts/service';
import type { IssuedToken } from '../accounts/tokens';
import type { Brand } from '../brand/schema';
import { getAccountsDb } from '../db/accounts';
import type { AuthCode } from '../accounts/errors';
import { assertSameSite, errorCode, formContext, formFields, safeNext, seeOther, sessionToken } from './account-forms';
import { forgetForm, rememberForm } from './form-memory';
import { ATTEMPT_COOKIE, attemptCookie, clearedSessionCookie, cookieValue, sessionCookie } from './session-cookie';

// The website's account forms. Each answers a 303 (Post/Redirect/Get): to the next page
// on success, back to its form with an error code otherwise. No password, code or token
// ever appears in a URL.
const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

function signedIn(brand: Brand, token: IssuedToken, next: string): Response {
  return seeOther(brand, next, [sessionCookie(brand.site_url, token.token, new Date(token.expires_at)), attemptCookie(brand.site_url, null), forgetForm(brand.site_url, 'entrar')]);
}

/**
 * Refusals of a sign-up that come before its CAPTCHA is checked (lib/accounts/service.ts,
 * signUp): the solved challenge is still unspent, so the form sends it again with the
 * corrected fields instead of asking for a new one. It is checked in full when it is
 * used (signature, brand, expiry) and spent once, like any other.
 */
const BEFORE_CAPTCHA: ReadonlySet<AuthCode> = new Set(['invalid_field', 'weak_password', 'rate_limited']);

export async function postSignIn(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  const next = safeNext(fields.next);
  try {
    assertSameSite(request, brand);
    const token = await signIn(await getAccountsDb(), caller, { email: fields.email, password: fields.password, captcha: fields['g-captcha-response'] }, 'site');
    return signedIn(brand, token, next);
  } catch (err) {
    if (err instanceof AuthError && err.code === 'two_step_required' && err.extra.attempt) {
      return seeOther(brand, withQuery('/entrar', { etapa: 'codigo', next }), [attemptCookie(brand.site_url, err.extra.attempt)]);
    }
    const code = errorCode(err);
    // The e-mail typed comes back in the form (never the password); a post from elsewhere leaves nothing.
    return seeOther(brand, withQuery('/entrar', { erro: code, next }), code === 'cross_site' ? [] : [rememberForm(brand.site_url, 'entrar', { email: fields.email })]);
  }
}

export async function postCode(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  const next = safeNext(fields.next);
  try {
    assertSameSite(request, brand);
    const attempt = cookieValue(request.headers.get('cookie'), ATTEMPT_COOKIE) ?? '';
    return signedIn(brand, await signInWithCode(await getAccountsDb(), caller, { attempt, code: fields.code ?? '' }, 'site'), next);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'invalid_code') return seeOther(brand, withQuery('/entrar', { etapa: 'codigo', erro: code, next }));
    return seeOther(brand, withQuery('/entrar', { erro: code, next }), [attemptCookie(brand.site_url, null)]);
  }
}

export async function postSignUp(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
    await signUp(await getAccountsDb(), caller, { name: fields.name, email: fields.email, password: fields.password, captcha: fields['g-captcha-response'] });
    return seeOther(brand, '/cadastro?enviado=1', [forgetForm(brand.site_url, 'cadastro')]);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'cross_site') return seeOther(brand, withQuery('/cadastro', { erro: code }));
    const captcha = BEFORE_CAPTCHA.has(code) ? fields['g-captcha-response'] : undefined;
    return seeOther(brand, withQuery('/cadastro', { erro: code }), [rememberForm(brand.site_url, 'cadastro', { name: fields.name, email: fields.email, captcha })]);
  }
}

/** The button of the page a verification link opens: only this POST verifies (a link scanner's GET changes nothing). */
export async function postConfirm(request: Request): Promise<Response> {
  const { brand } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
    const account = await verifyEmail(await getAccountsDb(), brand, fields.token ?? '');
    // The address just proven is the one to sign in with: the sign-in form shows it filled in.
    return seeOther(brand, '/entrar?confirmado=1', [rememberForm(brand.site_url, 'entrar', { email: account.email })]);
  } catch (err) {
    return seeOther(brand, withQuery('/entrar', { erro: errorCode(err) }));
  }
}

/** "Esqueci minha senha": the same answer whether the address has an account or not. */
export async function postForgot(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
    await requestPasswordReset(await getAccountsDb(), caller, { email: fields.email, captcha: fields['g-captcha-response'] });
    return seeOther(brand, '/entrar/esqueci?enviado=1');
  } catch (err) {
    return seeOther(brand, withQuery('/entrar/esqueci', { erro: errorCode(err) }));
  }
}

/** The new password of a reset link; every session ends, this browser's too. */
export async function postReset(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  const token = fields.token ?? '';
  try {
    assertSameSite(request, brand);
    await resetPassword(await getAccountsDb(), caller, { token, password: fields.password });
    return seeOther(brand, '/entrar?redefinida=1', [clearedSessionCookie(brand.site_url)]);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'weak_password') return seeOther(brand, withQuery('/entrar/redefinir', { token, erro: code }));
    return seeOther(brand, withQuery('/entrar/esqueci', { erro: code }));
  }
}

export async function postSignOut(request: Request): Promise<Response> {
  const { brand } = formContext(request);
  try {
    assertSameSite(request, brand);
  } catch (err) {
    return seeOther(brand, withQuery('/conta', { erro: errorCode(err) }));
  }
  const token = sessionToken(request.headers.get('cookie'), brand.site_url);
  if (token) await revoke(await getAccountsDb(), brand, token).catch(() => {});
  return seeOther(brand, '/', [clearedSessionCookie(brand.site_url)]);
}

/** "Sair de todos os dispositivos": every session of the account ends, this one included. */
export async function postSignOutEverywhere(request: Request): Promise<Response> {
  const { brand } = formContext(request);
  try {
    assertSameSite(request, brand);
    await signOutEverywhere(await getAccountsDb(), brand, sessionToken(request.headers.get('cookie'), brand.site_url));
    return seeOther(brand, '/', [clearedSessionCookie(brand.site_url)]);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'invalid_token' || code === 'token_required') return seeOther(brand, '/entrar?next=%2Fconta', [clearedSessionCookie(brand.site_url)]);
    return seeOther(brand, withQuery('/conta', { erro: code }));
  }
}

export async function postTwoStep(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
    await changeTwoStep(await getAccountsDb(), caller, sessionToken(request.headers.get('cookie'), brand.site_url), { on: fields.ativar === '1', password: fields.password ?? '' });
    return seeOther(brand, '/conta');
  } catch (err) {
    const code = errorCode(err);
    if (code === 'invalid_token' || code === 'token_required') return seeOther(brand, '/entrar?next=%2Fconta', [clearedSessionCookie(brand.site_url)]);
    return seeOther(brand, withQuery('/conta', { erro: code }));
  }
}

/** A method other than the form's own: 405 with Allow. */
export function formMethodNotAllowed(allow: string): Response {
  return new Response('Método não permitido', { status: 405, headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
