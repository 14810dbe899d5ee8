import { config } from '../config';
import { AuthError, AUTH_PROBLEMS, type AuthCode } from '../accounts/errors';
import { LimitExceeded, spend } from '../accounts/limits';
import { addressGroup } from '../network.mjs';
import { mintChallenge } from '../accounts/captcha/altcha';
import type { Caller } from '../accounts/checks';
import { refresh, requestPasswordReset, resetPassword, revoke, signIn, signInWithCode, signUp } from '../accounts/service';
import { brandRegistry } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { getAccountsDb } from '../db/accounts';
import { DbUnavailableError, isDbReadOnly } from '../db/types';
import { brandForOrigin, brandsOfAuthHost } from './hosts';
import { authOpenApi } from './openapi';
import { authProblem, bearerOf } from './problem';

// The authentication host's API. The proxy rewrites every request to an auth_url host
// onto the internal route that calls `handleAuthHost`; X-Origin picks the brand.
type Route = { methods: string[]; run: (ctx: Ctx) => Promise<Response> };
type Ctx = { request: Request; brand: Brand; caller: Caller; cors: Record<string, string> };

const MAX_BODY = 16 * 1024;
const ALLOWED_HEADERS = 'Content-Type, Authorization, X-Origin';

const json = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers } });

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new AuthError('unsupported_media_type', 'Send Content-Type: application/json.');
  const text = await request.text();
  if (text.length > MAX_BODY) throw new AuthError('payload_too_large', 'The body is larger than 16 KiB.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AuthError('invalid_body', 'The body is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AuthError('invalid_body', 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

function wwwAuthenticate(authUrl: string, sent: boolean): string {
  return `Bearer realm="${authUrl}"${sent ? ', error="invalid_token"' : ''}`;
}

const routes: Record<string, Route> = {
  '/auth/token': {
    methods: ['POST'],
    run: async ({ request, caller, cors }) => {
      const body = await readJson(request);
      const db = await getAccountsDb();
      const token =
        'attempt' in body || 'code' in body
          ? await signInWithCode(db, caller, { attempt: body.attempt, code: body.code }, 'api')
          : await signIn(db, caller, { email: body.email, password: body.password, captcha: body['g-captcha-response'] }, 'api');
      return json(token, 200, cors);
    },
  },
  '/auth/refresh': {
    methods: ['POST'],
    run: async ({ request, brand, cors }) => {
      const token = bearerOf(request.headers);
      return json(await refresh(await getAccountsDb(), brand, token === null ? null : token), 200, cors);
    },
  },
  '/auth/revoke': {
    methods: ['DELETE'],
    run: async ({ request, brand, cors }) => {
      const token = bearerOf(request.headers);
      if (token === null) throw new AuthError('token_required');
      await revoke(await getAccountsDb(), brand, token);
      return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store', ...cors } });
    },
  },
  '/users': {
    methods: ['POST'],
    run: async ({ request, caller, cors }) => {
      const body = await readJson(request);
      await signUp(await getAccountsDb(), caller, { name: body.name, email: body.email, password: body.password, captcha: body['g-captcha-response'] });
      return json({ status: 'accepted', detail: 'If this address can have a new account, a message was sent to it. Follow its link to verify the address.' }, 202, cors);
    },
  },
  '/password/forgot': {
    methods: ['POST'],
    run: async ({ request, caller, cors }) => {
      const body = await readJson(request);
      await requestPasswordReset(await getAccountsDb(), caller, { email: body.email, captcha: body['g-captcha-response'] });
      return json({ status: 'accepted', detail: 'If this address has an account, a link to choose a new password was sent to it. It is valid for 1 hour, once.' }, 202, cors);
    },
  },
  '/password/reset': {
    methods: ['POST'],
    run: async ({ request, caller, cors }) => {
      const body = await readJson(request);
      await resetPassword(await getAccountsDb(), caller, { token: body.token, password: body.password });
      return json({ status: 'password_changed', detail: 'Every token of the account is revoked; sign in with the new password.' }, 200, cors);
    },
  },
  '/captcha/challenge': {
    methods: ['GET'],
    run: async ({ brand, caller, cors }) => json(await challengeFor(brand, caller.address), 200, cors),
  },
};

/** A fresh ALTCHA challenge, within the minting budget of the address. */
export async function challengeFor(brand: Brand, address: string) {
  if (config().accounts.captcha.provider !== 'altcha') throw new AuthError('not_found', 'This deployment does not use ALTCHA.');
  try {
    await spend('challenge', addressGroup(address));
  } catch (err) {
    if (err instanceof LimitExceeded) throw new AuthError('rate_limited', `Too many challenges; retry in ${err.retryAfterS} s.`, { retryAfterS: err.retryAfterS });
    throw err;
  }
  return mintChallenge(brand.id);
}

/** Answers an AuthError (or any failure) as a problem of this host. */
export function authErrorResponse(authUrl: string, err: unknown, cors: Record<string, string>, tokenSent: boolean): Response {
  if (err instanceof AuthError) {
    const headers: Record<string, string> = { ...cors };
    if (err.code === 'token_required' || err.code === 'invalid_token') headers['WWW-Authenticate'] = wwwAuthenticate(authUrl, tokenSent);
    if (err.extra.retryAfterS) headers['Retry-After'] = String(err.extra.retryAfterS);
    if (err.code === 'upstream_unavailable') headers['Retry-After'] = '2';
    return authProblem(authUrl, err.code, err.detail, headers, err.extra.attempt ? { attempt: err.extra.attempt } : {});
  }
  if (isDbReadOnly(err)) return authProblem(authUrl, 'read_only', 'This instance cannot write to the account database.', cors);
  if (err instanceof DbUnavailableError) return authProblem(authUrl, 'upstream_unavailable', 'The account database is unavailable.', { ...cors, 'Retry-After': '2' });
  console.error('[auth-host] unexpected error', err instanceof Error ? err.message : 'unknown');
  return authProblem(authUrl, 'internal_error', undefined, cors);
}

function corsFor(registry: ReturnType<typeof brandRegistry>, host: string | null, origin: string | null): Record<string, string> {
  const served = brandsOfAuthHost(registry, host);
  const allowed = origin && served.find((b) => b.site_url.toLowerCase() === origin.toLowerCase());
  return allowed
    ? { 'Access-Control-Allow-Origin': allowed.site_url, Vary: 'Origin', 'Access-Control-Expose-Headers': 'WWW-Authenticate, Retry-After' }
    : { Vary: 'Origin' };
}

/** Every request to an authentication host, by path and method. `host` is the client's Host. */
export async function handleAuthHost(request: Request, path: string, host: string | null, address: string): Promise<Response> {
  const registry = brandRegistry();
  const served = brandsOfAuthHost(registry, host);
  const authUrl = served[0]?.auth_url ?? registry.brands[0]!.auth_url;
  const cors = corsFor(registry, host, request.headers.get('origin'));
  const method = request.method.toUpperCase();
  if (path === '/openapi.json' && (method === 'GET' || method === 'HEAD')) {
    return new Response(method === 'HEAD' ? null : JSON.stringify(authOpenApi(authUrl, served)), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300', ...cors },
    });
  }
  if (path === '/' && (method === 'GET' || method === 'HEAD')) {
    const index = { service: 'authentication host', openapi: `${authUrl}/openapi.json`, brands: served.map((b) => b.site_url), documentation: served.map((b) => `${b.site_url}/auth.md`) };
    return new Response(method === 'HEAD' ? null : JSON.stringify(index), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300', ...cors } });
  }
  const problemPage = /^\/problems\/([a-z_]+)$/.exec(path);
  if (problemPage && (method === 'GET' || method === 'HEAD')) {
    const p = Object.hasOwn(AUTH_PROBLEMS, problemPage[1]!) ? AUTH_PROBLEMS[problemPage[1] as AuthCode] : undefined;
    if (p) return new Response(`${problemPage[1]} (${p.status}): ${p.title}\n\n${p.about}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  }
  const route = routes[path];
  if (!route) return authProblem(authUrl, 'not_found', 'See /openapi.json for the operations of this host.', cors);
  if (method === 'OPTIONS') {
    const headers: Record<string, string> = { ...cors, Allow: [...route.methods, 'OPTIONS'].join(', ') };
    if (cors['Access-Control-Allow-Origin']) {
      Object.assign(headers, { 'Access-Control-Allow-Methods': route.methods.join(', '), 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': '600' });
    }
    return new Response(null, { status: 204, headers });
  }
  if (!route.methods.includes(method)) {
    return authProblem(authUrl, 'method_not_allowed', `${method} is not allowed here.`, { ...cors, Allow: [...route.methods, 'OPTIONS'].join(', ') });
  }
  const brand = brandForOrigin(registry, host, request.headers.get('x-origin'));
  if (!brand) {
    const known = served.map((b) => b.site_url).join(', ');
    return authProblem(authUrl, 'origin_required', `Send X-Origin with one of: ${known}.`, cors);
  }
  const caller: Caller = { brand, address };
  try {
    return await route.run({ request, brand, caller, cors });
  } catch (err) {
    return authErrorResponse(brand.auth_url, err, cors, bearerOf(request.headers) !== null);
  }
}
