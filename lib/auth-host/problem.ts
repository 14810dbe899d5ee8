import { AUTH_PROBLEMS, type AuthCode } from '../accounts/errors';

export function authProblemType(authUrl: string, code: AuthCode): string {
  return `${authUrl}/problems/${code}`;
}

/** RFC 9457 problem of the authentication host (and of the account API), with optional extensions. */
export function authProblem(
  authUrl: string,
  code: AuthCode,
  detail?: string,
  headers: Record<string, string> = {},
  extensions: Record<string, unknown> = {},
): Response {
  const p = AUTH_PROBLEMS[code];
  const body = { type: authProblemType(authUrl, code), title: p.title, status: p.status, code, ...(detail ? { detail } : {}), error: code, ...extensions };
  return new Response(JSON.stringify(body), {
    status: p.status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The Authorization header's bearer token: null when absent, '' when present but malformed. */
export function bearerOf(headers: Headers): string | null {
  const value = headers.get('authorization');
  if (value === null) return null;
  const m = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i.exec(value);
  return m ? m[1]! : '';
}
