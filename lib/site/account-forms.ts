import { AuthError, type AuthCode } from '../accounts/errors';
import type { Caller } from '../accounts/checks';
import { clientAddress } from '../agent/client-address';
import { brandOrDefault } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { isSlug } from '../catalog/record';
import { config } from '../config';
import { DbUnavailableError, isDbReadOnly } from '../db/types';
import { requestHost } from '../http/self-request';
import { cookieValue, sessionCookieName } from './session-cookie';

// Helpers of the website's account forms (route handlers under /entrar, /cadastro, /conta).

export function formContext(request: Request): { brand: Brand; caller: Caller } {
  const brand = brandOrDefault(requestHost(request.headers));
  return { brand, caller: { brand, address: clientAddress(request.headers, config().trustedProxies) } };
}

/**
 * Refuses a form post that does not come from this site's own pages: the Origin must be
 * the brand's site URL (browsers send it on every POST); without Origin, Sec-Fetch-Site
 * must say same-origin. SameSite=Lax already keeps the cookie off cross-site posts.
 */
export function assertSameSite(request: Request, brand: Brand): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin.toLowerCase() !== brand.site_url.toLowerCase()) throw new AuthError('cross_site');
    return;
  }
  if (request.headers.get('sec-fetch-site') !== 'same-origin') throw new AuthError('cross_site');
}

/** A same-site path to land on after signing in; anything else gives /conta. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/conta';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/conta';
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/conta';
  try {
    const resolved = new URL(value, 'http://site.invalid');
    if (resolved.origin !== 'http://site.invalid') return '/conta';
    const path = resolved.pathname + resolved.search + resolved.hash;
    // Dot segments resolve away (`/.//evil.com` is `//evil.com`): what comes out is checked
    // as what went in, so a second pass (the sign-in page, then its form) changes nothing.
    return path.startsWith('//') || path.startsWith('/\\') ? '/conta' : path;
  } catch {
    return '/conta';
  }
}

/**
 * The session token from a Cookie header, or null: only the cookie of the site's scheme
 * counts. On https that is `__Host-sessao`, which only this host over https can have
 * set; a plain `sessao` there (which any subdomain or plain-http page could plant) is
 * ignored.
 */
export function sessionToken(cookieHeader: string | null, siteUrl: string): string | null {
  return cookieValue(cookieHeader, sessionCookieName(siteUrl));
}

/**
 * A slug to save after signing in (the "Salvar" of an event page, carried through the
 * sign-in form): only the shape of a catalog slug, else nothing.
 */
export function saveIntent(value: unknown): string | null {
  return typeof value === 'string' && isSlug(value) ? value : null;
}

/** A 303 to a path of the brand's site (absolute URL from the registry, never from Host). */
export function seeOther(brand: Brand, path: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: new URL(path, brand.site_url).toString(), 'Cache-Control': 'private, no-store' });
  for (const c of cookies) headers.append('Set-Cookie', c);
  return new Response(null, { status: 303, headers });
}

/**
 * The fields of a posted form; none when the body is not a form, is malformed or is cut
 * short (each form then answers with its own error, never a 5xx).
 */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  try {
    if (!type.startsWith('multipart/')) {
      const text = await request.text();
      if (text.length > 64 * 1024) return {};
      return Object.fromEntries(new URLSearchParams(text));
    }
    const data = await request.formData();
    const out: Record<string, string> = {};
    for (const [k, v] of data) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

export function errorCode(err: unknown): AuthCode {
  if (err instanceof AuthError) return err.code;
  if (isDbReadOnly(err)) return 'read_only';
  if (err instanceof DbUnavailableError) return 'upstream_unavailable';
  console.error('[site] account form error', err instanceof Error ? err.message : 'unknown');
  return 'internal_error';
}

/** Refusals of the website's own forms that are not the account API's: saving an event. */
export type SiteCode = 'saved_full' | 'unknown_event';

/** The message a page shows for a code, in pt-BR. */
export const MESSAGES: Partial<Record<AuthCode | SiteCode, string>> & { internal_error: string } = {
  invalid_field: 'Confira o nome e o e-mail informados.',
  weak_password: 'Escolha uma senha de 8 a 128 caracteres que não esteja entre as mais usadas.',
  captcha_invalid: 'Confirme que você não é um robô (a verificação expirou ou não foi concluída).',
  invalid_credentials: 'E-mail ou senha incorretos.',
  invalid_code: 'Código incorreto. Confira o último e-mail recebido.',
  attempt_expired: 'O código expirou ou teve tentativas demais. Entre novamente com e-mail e senha.',
  invalid_link: 'Este link não vale mais (já foi usado ou expirou). Peça outro: entrando com e-mail e senha, ou em "Esqueci minha senha".',
  email_unverified: 'Confirme seu e-mail pelo link que acabamos de enviar e entre novamente.',
  cross_site: 'Envie o formulário pelas páginas deste site.',
  rate_limited: 'Tentativas demais. Aguarde alguns minutos e tente de novo.',
  upstream_unavailable: 'Serviço indisponível no momento. Tente novamente em instantes.',
  read_only: 'Este servidor está em modo somente leitura e não pode entrar, criar ou alterar contas agora. Tente novamente mais tarde.',
  internal_error: 'Algo deu errado. Tente novamente.',
  saved_full: 'Sua lista de eventos salvos está cheia. Remova algum evento que não interessa mais e salve de novo.',
  unknown_event: 'Este evento não está mais no catálogo e não pode ser salvo.',
};

export function messageFor(code: string | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(MESSAGES, code) ? (MESSAGES as Record<string, string>)[code]! : MESSAGES.internal_error;
}
