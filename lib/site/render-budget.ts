import { spendBudget } from '../agent/edge';
import { rateLimitHeaders } from '../agent/rate-limit';
import type { Brand } from '../brand/schema';
import { problemResponse } from '../http/problem';
import { prefersMarkdown } from '../http/negotiate';
import { peekPage } from './page-cache';
import { hashedPageCsp } from './security-headers';

// Requests that make the origin render a page (nothing held for the URL in this window,
// or a client-router request, always rendered) spend the client's `render` budget, so
// that one client cannot make the server render without bound with unique URLs.
// Pages held in the window cost nothing.

/** Whether serving this page request means rendering it now. */
export const rendersAfresh = (key: string, flight: boolean): boolean => flight || !peekPage(key);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The 429 page a person sees: plain HTML in Portuguese, with the way back to the listing. */
function limitedPage(brand: Brand, retryS: number): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Muitas páginas em pouco tempo · ${escapeHtml(brand.name)}</title></head><body><main><h1>Muitas páginas em pouco tempo</h1><p>Recebemos muitos pedidos de páginas novas deste endereço. Tente novamente em ${retryS} segundos.</p><p><a href="${escapeHtml(brand.site_url)}/">Ver os próximos eventos</a></p></main></body></html>`;
}

/**
 * Spends one render of the client's budget; when it is spent, the 429 answer (an HTML
 * page for a browser, a problem with code `rate_limited` otherwise), else null.
 */
export async function spendRenderBudget(pathname: string, headers: Headers, brand: Brand): Promise<Response | null> {
  const decision = await spendBudget('render', pathname, 'GET', headers, brand);
  if (decision.allowed) return null;
  const limit = { ...rateLimitHeaders(decision), 'Retry-After': String(decision.resetS) };
  const accept = headers.get('accept') ?? '';
  if (/text\/html/i.test(accept) && !prefersMarkdown(accept)) {
    const html = limitedPage(brand, decision.resetS);
    return new Response(html, {
      status: 429,
      headers: { ...limit, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': hashedPageCsp(html) },
    });
  }
  return problemResponse(brand.site_url, 'rate_limited', `The render budget is spent; retry in ${decision.resetS} s.`, limit);
}
