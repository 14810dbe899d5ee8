import type { Brand } from '../brand/schema';
import { CORS_HEADERS } from './headers';
import { problemResponse } from './problem';
import { withServiceDesc } from './service-desc';

// Which methods each path answers, decided before routing so that every route answers
// an unknown method alike: a 405 with an accurate Allow, a problem under /api and on
// the tool endpoints (their clients read JSON), a short text everywhere else.

/** Methods that Next's route handlers take; the API's own routes answer these themselves. */
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const READ = 'GET, HEAD, OPTIONS';
const IDENTITY = 'POST, OPTIONS';
const TOOLS = 'POST, OPTIONS';
/** Pages, documents, images and the problem pages: reading only. */
const PAGE = 'GET, HEAD';
/** The website's account forms post to these (sign-in, its code, sign-up, the account's settings, saved events, sign-out, deleting the account). */
const FORM_POSTS = new Set([
  '/entrar/enviar', '/entrar/codigo', '/entrar/esqueci/enviar', '/entrar/redefinir/enviar', '/cadastro/enviar', '/cadastro/confirmar/enviar',
  '/conta/dois-passos', '/conta/nome', '/conta/senha', '/conta/excluir', '/conta/salvos', '/conta/salvos/remover', '/conta/sair', '/conta/sair-de-todos',
]);
const FORM = 'POST';

/** The Allow header of a path. */
export function allowedMethods(pathname: string): string {
  if (pathname === '/api/public/v1/agent/identity') return IDENTITY;
  if (pathname === '/api/floor') return PAGE;
  if (pathname.startsWith('/api/')) return READ;
  if (pathname === '/mcp' || pathname === '/a2a') return TOOLS;
  // The server card answers the CORS preflight of a browser revalidating it.
  if (pathname === '/mcp/server-card') return READ;
  if (FORM_POSTS.has(pathname)) return FORM;
  return PAGE;
}

/**
 * The 405 answer for a method this path does not take, or null to let the request
 * through. Under /api the routes answer the methods Next knows themselves (an unknown
 * path is a 404 for any of them); only the others are answered here.
 */
export function refuseMethod(brand: Brand, pathname: string, method: string): Response | null {
  const allow = allowedMethods(pathname);
  if (pathname.startsWith('/api/')) {
    if (ROUTE_METHODS.has(method)) return null;
    return problemResponse(brand.site_url, 'method_not_allowed', `${method} is not allowed here. Allowed: ${allow}.`, withServiceDesc(brand.site_url, { ...CORS_HEADERS, Allow: allow }));
  }
  if (allow.split(', ').includes(method)) return null;
  if (allow === TOOLS) {
    return problemResponse(brand.site_url, 'method_not_allowed', `${method} is not allowed here. Allowed: ${allow}.`, { ...CORS_HEADERS, Allow: allow });
  }
  const body = method === 'HEAD' ? null : `Method ${method} is not allowed here. Allowed: ${allow}.\n`;
  return new Response(body, { status: 405, headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
