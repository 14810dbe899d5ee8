import { AuthError } from '../accounts/errors';
import { accountOfToken, profile } from '../accounts/service';
import { clientAddress } from '../agent/client-address';
import { brandOrDefault } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { config } from '../config';
import { getAccountsDb } from '../db/accounts';
import { requestHost } from '../http/self-request';
import { authErrorResponse, challengeFor } from './router';
import { bearerOf } from './problem';

// The site's account API (/api/account/v1): the protected profile, and the ALTCHA
// challenge for the website's own forms. CORS is open only to the brand's own origin.
function corsFor(brand: Brand, origin: string | null): Record<string, string> {
  return origin && origin.toLowerCase() === brand.site_url.toLowerCase()
    ? { 'Access-Control-Allow-Origin': brand.site_url, Vary: 'Origin', 'Access-Control-Expose-Headers': 'WWW-Authenticate, Retry-After' }
    : { Vary: 'Origin' };
}

const resourceMetadata = (brand: Brand) => `${brand.site_url}/.well-known/oauth-protected-resource`;

type Op = 'me' | 'challenge';
const METHODS: Record<Op, string> = { me: 'GET', challenge: 'GET' };

export async function accountApi(request: Request, op: Op): Promise<Response> {
  const brand = brandOrDefault(requestHost(request.headers));
  const cors = corsFor(brand, request.headers.get('origin'));
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') {
    const headers: Record<string, string> = { ...cors, Allow: `${METHODS[op]}, HEAD, OPTIONS` };
    if (cors['Access-Control-Allow-Origin']) Object.assign(headers, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': 'Authorization', 'Access-Control-Max-Age': '600' });
    return new Response(null, { status: 204, headers });
  }
  const tokenSent = bearerOf(request.headers) !== null;
  try {
    if (method !== 'GET' && method !== 'HEAD') throw new AuthError('method_not_allowed', `${method} is not allowed here.`);
    const body =
      op === 'me'
        ? profile(await accountOfToken(await getAccountsDb(), brand, bearerOf(request.headers), 'api'))
        : await challengeFor(brand, clientAddress(request.headers, config().trustedProxies));
    return new Response(method === 'HEAD' ? null : JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store', ...cors },
    });
  } catch (err) {
    const res = authErrorResponse(brand.auth_url, err, cors, tokenSent);
    if (res.status === 405) res.headers.set('Allow', 'GET, HEAD, OPTIONS');
    if (res.status === 401) {
      // RFC 9728 §5.1: point the client at the protected resource metadata.
      res.headers.set('WWW-Authenticate', `Bearer resource_metadata="${resourceMetadata(brand)}"${tokenSent ? ', error="invalid_token"' : ''}`);
    }
    return res;
  }
}
