import { AUTH_CODES, AUTH_PROBLEMS, type AuthCode } from '../accounts/errors';
import { PASSWORD_MAX, PASSWORD_MIN } from '../accounts/passwords';
import type { Brand } from '../brand/schema';
import { config } from '../config';
import { problemCodesMarkdown } from '../http/problem';

const problemRef = { $ref: '#/components/schemas/Problem' };
const problem = (description: string, codes: AuthCode[]) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  content: { 'application/problem+json': { schema: problemRef } },
});
const xOrigin = { $ref: '#/components/parameters/XOrigin' };
/** No credential, on purpose: signing in, signing up, a password reset and the CAPTCHA come before any token (a CAPTCHA or a mailed code guards them). */
const open: Array<Record<string, string[]>> = [];
/** A required JSON request body of this schema. */
const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const tokenBody = { description: 'The user token.', content: { 'application/json': { schema: { $ref: '#/components/schemas/UserToken' } } } };
const tooLarge = problem('The body is over 16 KiB: refused whole, before any of it is read; the connection closes after this answer.', ['payload_too_large']);
const common = {
  '400': problem('Bad request.', ['origin_required', 'invalid_body']),
  '429': problem('A brute-force limit is reached; see Retry-After.', ['rate_limited']),
  '502': problem('The account database or the CAPTCHA verifier did not answer.', ['upstream_unavailable']),
};
/** Operations that write to the account database. */
const writes = {
  ...common,
  '503': problem('This instance reaches the account database read-only and has no connection to the primary; retrying here does not help.', ['read_only']),
};

/** The OpenAPI 3.1 description of an authentication host, with every problem code. */
export function authOpenApi(authUrl: string, brands: Brand[]) {
  const ttl = config().accounts.tokenTtlS;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Authentication host',
      version: '1.0.0',
      // SPDX's form for a licence outside its list: the API is proprietary, with no public text.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: [
        `Accounts and user tokens of ${brands.map((b) => b.name).join(', ') || 'the brands served here'}. Every call sends \`X-Origin\` with the brand's site URL (${brands.map((b) => b.site_url).join(', ')}); a missing or unknown one is a 400 \`origin_required\`. Accounts belong to one brand, and a token of one brand is refused on another.`,
        '',
        `Tokens are opaque bearer tokens valid for ${ttl} seconds (AUTH_TOKEN_TTL_S). The CAPTCHA of \`g-captcha-response\` is solved by a person in a browser: agents hand the person over to the website's /entrar page and never ask for a password or a code.`,
        '',
        problemCodesMarkdown(AUTH_PROBLEMS),
      ].join('\n'),
    },
    servers: [{ url: authUrl }],
    paths: {
      '/auth/token': {
        post: {
          operationId: 'issueUserToken',
          security: open,
          summary: 'Sign in: e-mail, password and CAPTCHA, or the second step {attempt, code}',
          parameters: [xOrigin],
          requestBody: jsonBody({
            oneOf: [
              {
                type: 'object',
                required: ['email', 'password', 'g-captcha-response'],
                properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' }, 'g-captcha-response': { type: 'string' } },
              },
              {
                type: 'object',
                required: ['attempt', 'code'],
                description: 'Second step of two-step verification: the attempt from the two_step_required problem and the 6-digit code sent by e-mail. No CAPTCHA.',
                properties: { attempt: { type: 'string' }, code: { type: 'string', pattern: '^[0-9]{6}$' } },
              },
            ],
          }),
          responses: {
            '200': tokenBody,
            ...writes,
            '403': problem('E-mail not verified, or a two-step code is needed (the problem carries `attempt`).', ['email_unverified', 'two_step_required']),
            '413': tooLarge,
            '415': problem('Not JSON.', ['unsupported_media_type']),
          },
        },
      },
      '/auth/refresh': {
        post: {
          operationId: 'refreshUserToken',
          summary: 'A new token with a new expiry; the presented one stops working at once',
          parameters: [xOrigin],
          security: [{ bearer: [] }],
          responses: { '200': tokenBody, ...writes, '401': problem('Missing or invalid bearer token (WWW-Authenticate: Bearer).', ['token_required', 'invalid_token']) },
        },
      },
      '/auth/revoke': {
        delete: {
          operationId: 'revokeUserToken',
          summary: 'Revoke the presented token (RFC 7009: an unknown or revoked token succeeds too)',
          parameters: [xOrigin],
          security: [{ bearer: [] }],
          responses: { '200': { description: 'Revoked, or was not live.' }, ...writes, '401': problem('No bearer token.', ['token_required']) },
        },
      },
      '/users': {
        post: {
          operationId: 'createAccount',
          security: open,
          summary: 'Create an account (CAPTCHA). Same answer whether or not the e-mail has an account.',
          parameters: [xOrigin],
          requestBody: jsonBody({
            type: 'object',
            required: ['name', 'email', 'password', 'g-captcha-response'],
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 100 },
              email: { type: 'string', format: 'email' },
              password: { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: 'Not among the most common passwords; no composition rules.' },
              'g-captcha-response': { type: 'string' },
            },
          }),
          responses: {
            '202': { description: 'Accepted: a verification e-mail was sent (for an address with an unverified account, a link whose use gives the account this name and password); for a verified account, a notice to its owner. These sign-up mails are limited per account and day; reset mails never count against them.' },
            ...writes,
            '413': tooLarge,
            '415': problem('Not JSON.', ['unsupported_media_type']),
          },
        },
      },
      '/password/forgot': {
        post: {
          operationId: 'requestPasswordReset',
          security: open,
          summary: 'Mail a single-use link to choose a new password (CAPTCHA). Same answer whether or not the e-mail has an account.',
          parameters: [xOrigin],
          requestBody: jsonBody({
            type: 'object',
            required: ['email', 'g-captcha-response'],
            properties: { email: { type: 'string', format: 'email' }, 'g-captcha-response': { type: 'string' } },
          }),
          responses: {
            '202': { description: 'Accepted: if the address has an account, a link valid for 1 hour was sent to it, unless one was sent less than 30 minutes ago (whoever asked for it; that link is still live).' },
            ...writes,
            '413': tooLarge,
            '415': problem('Not JSON.', ['unsupported_media_type']),
          },
        },
      },
      '/password/reset': {
        post: {
          operationId: 'resetPassword',
          security: open,
          summary: "A new password with the reset link's token. The address counts as verified; every token of the account is revoked.",
          parameters: [xOrigin],
          requestBody: jsonBody({
            type: 'object',
            required: ['token', 'password'],
            properties: {
              token: { type: 'string', description: 'The `token` parameter of the mailed link.' },
              password: { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
            },
          }),
          responses: {
            '200': { description: 'The password is changed.' },
            ...writes,
            '400': problem('Bad request, a link that is unknown, used, expired or of another brand, or a weak password.', ['origin_required', 'invalid_body', 'invalid_field', 'invalid_link', 'weak_password']),
            '413': tooLarge,
            '415': problem('Not JSON.', ['unsupported_media_type']),
          },
        },
      },
      '/api/account/v1/me': {
        servers: brands.map((b) => ({ url: b.site_url, description: `${b.name} (the brand's site, not this host)` })),
        get: {
          operationId: 'getMyProfile',
          summary: "The token's account: id, name, email, email_verified, two_step, created_at (never a password or token)",
          security: [{ bearer: [] }],
          responses: {
            '200': { description: 'The profile.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Profile' } } } },
            '401': problem('Missing or invalid token; WWW-Authenticate names the protected resource metadata (RFC 9728).', ['token_required', 'invalid_token']),
          },
        },
      },
      '/captcha/challenge': {
        get: {
          operationId: 'getCaptchaChallenge',
          security: open,
          summary: 'A signed ALTCHA proof-of-work challenge (expires, single-use), for the widget',
          parameters: [xOrigin],
          responses: { '200': { description: 'ALTCHA challenge (altcha-lib v2 format).' }, ...common },
        },
      },
    },
    components: {
      parameters: {
        XOrigin: { name: 'X-Origin', in: 'header', required: true, description: "The brand's site_url.", schema: { type: 'string', enum: brands.map((b) => b.site_url) } },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Opaque user token.' } },
      schemas: {
        UserToken: {
          type: 'object',
          required: ['type', 'token', 'expires_at'],
          additionalProperties: false,
          properties: { type: { const: 'bearer' }, token: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
        },
        Profile: {
          type: 'object',
          required: ['id', 'name', 'email', 'email_verified', 'two_step', 'created_at'],
          additionalProperties: false,
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
            email_verified: { type: 'boolean' },
            two_step: { type: 'boolean' },
            created_at: { type: 'string', format: 'date-time' },
          },
        },
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code'],
          properties: {
            type: { type: 'string', format: 'uri' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { enum: AUTH_CODES },
            detail: { type: 'string' },
            error: { enum: AUTH_CODES },
            attempt: { type: 'string', description: 'two_step_required only: send it back with the code.' },
          },
        },
      },
    },
  };
}
