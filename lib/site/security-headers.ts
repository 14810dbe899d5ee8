import { createHash, randomBytes } from 'node:crypto';

// The Content-Security-Policy of the website's pages. Public pages are the same bytes
// for everyone, so their inline scripts are allowed by hash, computed from the rendered
// HTML; scripts under /_next/static load through 'self'. Personal pages keep a fresh
// nonce per response (and are never stored anywhere).

function policy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A fresh nonce and the CSP of a personal page: scripts with the nonce, and what they
 * load; workers from this site (the CAPTCHA widget's proof-of-work worker, /altcha/).
 */
export function pageSecurityHeaders(): { nonce: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  return { nonce, csp: `${policy(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"])}; worker-src 'self'` };
}

// Script elements whose text the browser runs: no src, and a JavaScript type (or none).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?(?!(?:text|application)\/(?:java|ecma)script|module)[^"'\s>]+/i;

/**
 * The CSP source expressions ('sha256-…') of the inline scripts of an HTML document, in
 * order, without repeats. Scripts inside <main> are never allowed: the page content
 * (catalog text) lives there and no script of the framework does, so even markup that
 * slipped through escaping could not have itself allowed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const frame = start >= 0 && end > start ? html.slice(0, start) + html.slice(end) : html;
  for (const [, attrs = '', text = ''] of frame.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || DATA_BLOCK.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The CSP of a public page: its own inline scripts by hash, files from this site, no nonce, no 'unsafe-inline'. */
export function hashedPageCsp(html: string): string {
  return policy(["'self'", ...inlineScriptHashes(html)]);
}
