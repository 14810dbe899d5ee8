// Stable codes of the authentication host and the account API. Codes never change
// meaning; new cases get new codes.
export const AUTH_PROBLEMS = {
  origin_required: { status: 400, title: 'Brand origin required', about: 'Send X-Origin with the site_url of a brand served by this authentication host.' },
  invalid_body: { status: 400, title: 'Invalid request body', about: 'The body is not a JSON object of the documented fields, or is malformed JSON.' },
  invalid_field: { status: 400, title: 'Invalid field', about: 'A field is missing or malformed (see detail): name 1 to 100 characters, a valid e-mail address.' },
  weak_password: { status: 400, title: 'Password refused', about: 'Passwords have 8 to 128 characters and are not among the most common passwords. No other rule applies.' },
  captcha_invalid: { status: 400, title: 'CAPTCHA not solved', about: 'g-captcha-response is missing, malformed, forged, expired, already used or for another brand. Solve a new challenge in a browser.' },
  invalid_credentials: { status: 400, title: 'Wrong e-mail or password', about: 'The e-mail and password do not match an account of this brand. The answer is the same whether the e-mail exists or not.' },
  invalid_code: { status: 400, title: 'Wrong two-step code', about: 'The code does not match this sign-in attempt. Tries are limited to 5 per attempt.' },
  attempt_expired: { status: 400, title: 'Sign-in attempt over', about: 'The two-step attempt is unknown, used, older than 10 minutes or out of tries. Sign in again with e-mail and password.' },
  invalid_link: { status: 400, title: 'Link not valid', about: 'The mailed link (e-mail verification, 48 hours; password reset, 1 hour) is unknown, already used, expired or of another brand.' },
  token_required: { status: 401, title: 'Bearer token required', about: 'Send Authorization: Bearer <token> (RFC 6750).' },
  invalid_token: { status: 401, title: 'Token not valid', about: 'The bearer token is malformed, unknown, of another brand, expired or revoked.' },
  email_unverified: { status: 403, title: 'E-mail not verified', about: 'Follow the link sent to the address before signing in; a new link has been sent.' },
  two_step_required: { status: 403, title: 'Two-step code required', about: 'A code was sent by e-mail. Send {"attempt", "code"} to POST /auth/token within 10 minutes.' },
  cross_site: { status: 403, title: 'Cross-site request refused', about: 'Forms of this site only accept posts from its own pages.' },
  not_found: { status: 404, title: 'Not found', about: 'No resource of the authentication host lives at this path.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', about: 'The resource does not answer this HTTP method; see the Allow header.' },
  payload_too_large: { status: 413, title: 'Request body too large', about: 'The body is past 16 KiB. It is refused whole and the connection closes.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', about: 'Send Content-Type: application/json.' },
  rate_limited: { status: 429, title: 'Too many attempts', about: 'A brute-force limit is reached; retry after the time in Retry-After.' },
  internal_error: { status: 500, title: 'Internal error', about: 'An unexpected error. Nothing about it is disclosed.' },
  upstream_unavailable: { status: 502, title: 'Service unavailable', about: 'The account database or the CAPTCHA verifier did not answer in time. Retry shortly.' },
  read_only: { status: 503, title: 'Account writes not served here', about: 'This instance reaches the account database read-only (a replica) and has no connection to the primary. Retrying here does not help: the operator routes account requests to instances that reach the primary.' },
} as const satisfies Record<string, { status: number; title: string; about: string }>;

export type AuthCode = keyof typeof AUTH_PROBLEMS;
export const AUTH_CODES = Object.keys(AUTH_PROBLEMS) as AuthCode[];

/** A refusal of an account operation; becomes a problem (API) or a message (website). */
export class AuthError extends Error {
  constructor(
    readonly code: AuthCode,
    readonly detail?: string,
    readonly extra: { retryAfterS?: number; attempt?: string } = {},
  ) {
    super(detail ?? AUTH_PROBLEMS[code].title);
    this.name = 'AuthError';
  }
}
