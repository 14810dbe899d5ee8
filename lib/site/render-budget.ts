import { rateLimitKey } from '../agent/edge';
import { consume, rateLimitHeaders } from '../agent/rate-limit';
import type { Brand } from '../brand/schema';
import { problemResponse } from '../http/problem';
import { peekPage } from './page-cache';

// Requests that make the origin render a page (nothing held for the URL in this window,
// or a client-router request, always rendered) spend the client's `render` budget, so
// that one client cannot make the server render without bound with unique URLs.
// Pages held in the window cost nothing.

/** Whether serving this page request means rendering it now. */
export const rendersAfresh = (key: string, flight: boolean): boolean => flight || !peekPage(key);

/** Spends one render of the client's budget; the 429 problem when it is spent, else null. */
export async function spendRenderBudget(headers: Headers, brand: Brand): Promise<Response | null> {
  const decision = await consume('render', rateLimitKey(headers, brand));
  if (decision.allowed) return null;
  return problemResponse(brand.site_url, 'rate_limited', `The render budget is spent; retry in ${decision.resetS} s.`, {
    ...rateLimitHeaders(decision),
    'Retry-After': String(decision.resetS),
  });
}
