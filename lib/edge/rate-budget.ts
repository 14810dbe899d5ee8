import { budgetFor, spendBudget } from '../agent/edge';
import { rateLimitHeaders, warmRateLimits } from '../agent/rate-limit';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';
import { isApiPath, withServiceDesc } from '../http/service-desc';
import type { Edge } from './context';

/**
 * Spends the request's budget (the API, tool endpoints, pages as Markdown; lib/agent
 * decides which and under which key): its headers join the answer, and a spent budget
 * is a 429 problem. The server's own requests spend nothing.
 */
export async function rateBudget(edge: Edge): Promise<Response | undefined> {
  warmRateLimits(); // the server's own warm-up request opens Redis before any visitor needs it
  const { request, pathname, brand } = edge;
  const budget = edge.internal ? null : budgetFor(pathname, request.headers.get('accept'));
  if (!budget || request.method === 'OPTIONS') return undefined;
  const decision = await spendBudget(budget, pathname, request.method, request.headers, brand);
  Object.assign(edge.headers, rateLimitHeaders(decision));
  if (decision.allowed) return undefined;
  const headers = { ...CORS_HEADERS, ...edge.headers, 'Retry-After': String(decision.resetS) };
  return problemResponse(brand.site_url, 'rate_limited', `The ${decision.budget} budget is spent; retry in ${decision.resetS} s.`, isApiPath(pathname) ? withServiceDesc(brand.site_url, headers) : headers);
}
