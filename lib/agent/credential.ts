import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { config } from '../config';

// An anonymous agent credential: `ac1.<payload>.<signature>`, base64url. The payload
// names the brand and the issue and expiry times; an HMAC with the server secret lets
// any instance verify it without storage. It grants no access.

const PREFIX = 'ac1';
export const CREDENTIAL_TYPE = 'opaque_token';
export const CREDENTIAL_HEADER = 'X-Agent-Credential';

const payloadSchema = z.object({ b: z.string(), iat: z.int(), exp: z.int(), jti: z.string() });
type Payload = z.infer<typeof payloadSchema>;

export const CredentialSchema = z
  .strictObject({
    identity_type: z.enum(['anonymous']),
    credential_type: z.enum([CREDENTIAL_TYPE]).meta({ description: 'Always `opaque_token`: clients must not read inside it.' }),
    credential: z.string().meta({ description: `Send it as the ${CREDENTIAL_HEADER} header.` }),
    usage: z
      .strictObject({
        header: z.literal(CREDENTIAL_HEADER),
        brand: z.string(),
        issued_at: z.iso.datetime(),
        expires_at: z.iso.datetime(),
        grants_access: z.literal(false),
        purpose: z.string(),
      })
      .meta({ id: 'AgentCredentialUsage' }),
  })
  .meta({ id: 'AgentCredential' });

export type Credential = z.infer<typeof CredentialSchema>;

// The proxy and the route handlers are bundled apart and do not share module state;
// the per-process key lives on the global object so that both sign and verify alike.
const EPHEMERAL = Symbol.for('event-catalog.credential-secret');
type WithSecret = typeof globalThis & { [EPHEMERAL]?: string };

/** The configured secret, or one made for this process (credentials then die with it). */
export function credentialSecret(): string {
  const configured = config().credentialSecret;
  if (configured) return configured;
  const g = globalThis as WithSecret;
  if (!g[EPHEMERAL]) {
    g[EPHEMERAL] = randomBytes(32).toString('base64url');
    console.warn('[agent] AGENT_CREDENTIAL_SECRET is not set: credentials are signed with a per-process key.');
  }
  return g[EPHEMERAL];
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

export function issueCredential(brand: Brand, now = new Date(), secret = credentialSecret()): Credential {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + config().credentialTtlDays * 86_400;
  const payload: Payload = { b: brand.id, iat, exp, jti: randomBytes(9).toString('base64url') };
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return {
    identity_type: 'anonymous',
    credential_type: CREDENTIAL_TYPE,
    credential: `${body}.${sign(secret, body)}`,
    usage: {
      header: CREDENTIAL_HEADER,
      brand: brand.id,
      issued_at: new Date(iat * 1000).toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
      grants_access: false,
      purpose:
        'Recognizes this agent across requests for telemetry and as the rate-limit key at the edge. The public API answers with or without it.',
    },
  };
}

export type Verification = { valid: true; id: string; brand: string } | { valid: false; reason: 'malformed' | 'signature' | 'brand' | 'expired' | 'future' };

/** Clocks of instances that share a secret may differ by this much; a credential issued later than that is not valid. */
export const CLOCK_SKEW_S = 60;

/** Checks signature, brand, issue time and expiry. A bad credential is simply not valid: never an error. */
export function verifyCredential(token: string | null | undefined, brand: Brand, now = new Date(), secret = credentialSecret()): Verification {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) return { valid: false, reason: 'malformed' };
  const expected = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false, reason: 'signature' };
  let payload: Payload;
  try {
    payload = payloadSchema.parse(JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')));
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  if (payload.b !== brand.id) return { valid: false, reason: 'brand' };
  if (payload.iat * 1000 > now.getTime() + CLOCK_SKEW_S * 1000) return { valid: false, reason: 'future' };
  if (payload.exp * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, id: payload.jti, brand: payload.b };
}
