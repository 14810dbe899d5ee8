import { AuthError } from '../accounts/errors';
import type { Caller } from '../accounts/checks';
import { requestPasswordReset, resetPassword, revoke, signIn, signInWithCode, signUp, verifyEmail } from '../accounts/service';
import { changeName, changePassword, changeTwoStep, deleteAccount, saveEventFor, signOutEverywhere } from '../accounts/settings';
import type { IssuedToken } from '../accounts/tokens';
import type { Brand } from '../brand/schema';
import { getAccountsDb } from '../db/accounts';
import type { AuthCode } from '../accounts/errors';
import { assertSameSite, errorCode, formContext, formFields, safeNext, saveIntent, seeOther, sessionToken } from './account-forms';
import { forgetForm, rememberForm } from './form-memory';
import { ATTEMPT_COOKIE, attemptCookie, clearedSessionCookie, cookieValue, sessionCookie } from './session-cookie';

// The website's account forms. Each answers a 303 (Post/Redirect/Get): to the next page
// on success, back to its form with an error code otherwise. No password, code or token
// ever appears in a URL.
// A refusal lands on the form's page at `#erro`, its message, which takes the focus
// (it is focusable: lib/pages/components/account-page.tsx), so it is read out first.
export const withQuery = (path: string, params: Record<string, string | null>, fragment = '') => {
  const kept = Object.entries(params).filter((e): e is [string, string] => e[1] !== null);
  return `${path}?${new URLSearchParams(kept)}${fragment}`;
};

/**
 * Signed in: the session cookie, and the next page. With an event to save (the "Salvar"
 * of an event page, tapped before signing in), the event is saved and the person is back
 * on its page, at the note that says so; a refusal (a full list, an event gone) shows on
 * /conta.
 */
async function signedIn(brand: Brand, token: IssuedToken, next: string, save: string | null): Promise<Response> {
  const cookies = [sessionCookie(brand.site_url, token.token, new Date(token.expires_at)), attemptCookie(brand.site_url, null), forgetForm(brand.site_url, 'entrar')];
  if (save === null) return seeOther(brand, next, cookies);
  let outcome: string;
  try {
    outcome = await saveEventFor(await getAccountsDb(), brand, token.token, save);
  } catch (err) {
    outcome = errorCode(err);
  }
  if (outcome === 'saved' || outcome === 'already_saved') return seeOther(brand, savedPath(save), cookies);
  return seeOther(brand, withQuery('/conta', { erro: outcome === 'full' ? 'saved_full' : outcome }, '#erro'), cookies);
}

/** An event's page, at the note that says it was saved (the same page for everyone; CSS shows the note as the target). */
export const savedPath = (slug: string) => `/eventos/${slug}#salvo`;

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
  const save = saveIntent(fields.salvar);
  try {
    assertSameSite(request, brand);
    const token = await signIn(await getAccountsDb(), caller, { email: fields.email, password: fields.password, captcha: fields['g-captcha-response'] }, 'site');
    return await signedIn(brand, token, next, save);
  } catch (err) {
    if (err instanceof AuthError && err.code === 'two_step_required' && err.extra.attempt) {
      return seeOther(brand, withQuery('/entrar', { etapa: 'codigo', next, salvar: save }), [attemptCookie(brand.site_url, err.extra.attempt)]);
    }
    const code = errorCode(err);
    // The e-mail typed comes back in the form (never the password); a post from elsewhere leaves nothing.
    return seeOther(brand, withQuery('/entrar', { erro: code, next, salvar: save }, '#erro'), code === 'cross_site' ? [] : [rememberForm(brand.site_url, 'entrar', { email: fields.email })]);
  }
}

export async function postCode(request: Request): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  const next = safeNext(fields.next);
  const save = saveIntent(fields.salvar);
  try {
    assertSameSite(request, brand);
    const attempt = cookieValue(request.headers.get('cookie'), ATTEMPT_COOKIE) ?? '';
    return await signedIn(brand, await signInWithCode(await getAccountsDb(), caller, { attempt, code: fields.code ?? '' }, 'site'), next, save);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'invalid_code') return seeOther(brand, withQuery('/entrar', { etapa: 'codigo', erro: code, next, salvar: save }, '#erro'));
    return seeOther(brand, withQuery('/entrar', { erro: code, next, salvar: save }, '#erro'), [attemptCookie(brand.site_url, null)]);
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

/** The forms of /conta, each named in the query of its answer so that the page shows its message beside it. */
export type AccountForm = 'nome' | 'senha' | 'dois-passos' | 'excluir' | 'salvos';

/**
 * One form of /conta: the same-site check, the session's token, then `act`. Success lands
 * on /conta at the form's message (`feito`); a refusal at its error (`erro`, `#erro`); a
 * session that ended on the sign-in page, which comes back here.
 */
export async function accountForm(request: Request, form: AccountForm, act: (ctx: { brand: Brand; caller: Caller; token: string | null; fields: Record<string, string> }) => Promise<Response | string>): Promise<Response> {
  const { brand, caller } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
    const done = await act({ brand, caller, token: sessionToken(request.headers.get('cookie'), brand.site_url), fields });
    return typeof done === 'string' ? seeOther(brand, withQuery('/conta', { feito: done }, `#feito`)) : done;
  } catch (err) {
    const code = errorCode(err);
    if (code === 'invalid_token' || code === 'token_required') return seeOther(brand, '/entrar?next=%2Fconta', [clearedSessionCookie(brand.site_url)]);
    return seeOther(brand, withQuery('/conta', { erro: code, form }, '#erro'));
  }
}

export function postTwoStep(request: Request): Promise<Response> {
  return accountForm(request, 'dois-passos', async ({ caller, token, fields }) => {
    const on = fields.ativar === '1';
    await changeTwoStep(await getAccountsDb(), caller, token, { on, password: fields.password ?? '' });
    return on ? 'dois-passos-ativada' : 'dois-passos-desativada';
  });
}

export function postName(request: Request): Promise<Response> {
  return accountForm(request, 'nome', async ({ caller, token, fields }) => {
    await changeName(await getAccountsDb(), caller, token, { name: fields.name ?? '' });
    return 'nome';
  });
}

/** A new password with the current one: the other sessions end, this one stays. */
export function postPassword(request: Request): Promise<Response> {
  return accountForm(request, 'senha', async ({ caller, token, fields }) => {
    await changePassword(await getAccountsDb(), caller, token, { current: fields.current ?? '', password: fields.password ?? '' });
    return 'senha';
  });
}

/** Deleting the account, with its password: the cookie goes, and a page says it is done. */
export function postDeleteAccount(request: Request): Promise<Response> {
  return accountForm(request, 'excluir', async ({ brand, caller, token, fields }) => {
    await deleteAccount(await getAccountsDb(), caller, token, { password: fields.password ?? '' });
    return seeOther(brand, '/conta/excluida', [clearedSessionCookie(brand.site_url)]);
  });
}

/** A method other than the form's own: 405 with Allow. */
export function formMethodNotAllowed(allow: string): Response {
  return new Response('Método não permitido', { status: 405, headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
