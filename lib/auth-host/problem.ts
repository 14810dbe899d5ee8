import { AUTH_PROBLEMS, type AuthCode } from '../accounts/errors';
import { problemDocument } from '../http/problem';

/** RFC 9457 problem of the authentication host (and of the account API), with optional extensions. */
export function authProblem(
  authUrl: string,
  code: AuthCode,
  detail?: string,
  headers: Record<string, string> = {},
  extensions: Record<string, unknown> = {},
): Response {
  const body = { ...problemDocument(AUTH_PROBLEMS, authUrl, code, detail), ...extensions };
  return new Response(JSON.stringify(body), {
    status: body.status,
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
