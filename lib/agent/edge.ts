import type { Brand } from '../brand/schema';
import { config } from '../config';
import { clientAddress } from './client-address';
import { CREDENTIAL_HEADER, verifyCredential } from './credential';
import { isPagePath, prefersMarkdown } from '../markdown/negotiate';
import type { Budget } from './rate-limit';

/** Which budget a request spends, if any: the API, tool endpoints, and pages asked for as Markdown. */
export function budgetFor(pathname: string, accept: string | null): Budget | null {
  // Liveness stays free for monitors and for the server's own warm-up request.
  if (pathname === '/api/public/v1/health') return null;
  if (pathname.startsWith('/api/public/')) return 'api';
  if (pathname === '/mcp' || pathname === '/a2a') return 'tools';
  if (isPagePath(pathname) && prefersMarkdown(accept)) return 'markdown';
  return null;
}

/**
 * The rate-limit key: the anonymous credential when it verifies for this brand, else
 * the client address. A forged or expired credential is simply ignored.
 */
export function rateLimitKey(headers: Headers, brand: Brand): string {
  const verification = verifyCredential(headers.get(CREDENTIAL_HEADER), brand);
  if (verification.valid) return `cred:${brand.id}:${verification.id}`;
  return `ip:${clientAddress(headers, config().trustedProxies)}`;
}
