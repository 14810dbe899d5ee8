import { randomBytes } from 'node:crypto';

/**
 * A fresh nonce and the Content-Security-Policy of a page: scripts only from this
 * site with the nonce (Next's own inline scripts carry it), no plugins, no framing.
 */
export function pageSecurityHeaders(): { nonce: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { nonce, csp };
}
