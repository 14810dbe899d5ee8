import { NextResponse } from 'next/server';
import { budgetFor, spendBudget } from '../agent/edge';
import { DECISION_HEADER, rateLimitHeaders, warmRateLimits } from '../agent/rate-limit';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';
import { isApiPath, withServiceDesc } from '../http/service-desc';
import type { Edge } from './context';
import { isPersonal } from './pages';

/**
 * Spends the request's budget (the API, tool endpoints, pages as Markdown; lib/agent
 * decides which and under which key): its headers join the answer, and a spent budget
 * is a 429 problem.
 */
export async function rateBudget(edge: Edge): Promise<Response | undefined> {
  warmRateLimits(); // the server's own warm-up request opens Redis before any visitor needs it
  const { request, pathname, brand } = edge;
  const budget = budgetFor(pathname, request.headers.get('accept'));
  if (!budget || request.method === 'OPTIONS') return undefined;
  // A personal answer is never Markdown: it spends `render` alone, in lib/edge/pages.ts.
  if (budget === 'markdown' && isPersonal(edge)) return undefined;
  const decision = await spendBudget(budget, pathname, request.method, request.headers, brand);
  // The tool endpoint reports the budget itself, after a batch has spent its other calls.
  if (decision.allowed && reportsOwnBudget(edge)) edge.decision = decision;
  else Object.assign(edge.headers, rateLimitHeaders(decision));
  if (decision.allowed) return undefined;
  const headers = { ...CORS_HEADERS, ...edge.headers, 'Retry-After': String(decision.resetS) };
  return problemResponse(brand.site_url, 'rate_limited', `The ${decision.budget} budget is spent; retry in ${decision.resetS} s.`, isApiPath(pathname) ? withServiceDesc(brand.site_url, headers) : headers);
}

/** A call to the tool endpoint, which may hold a batch of calls that the route spends itself. */
const reportsOwnBudget = (edge: Edge): boolean => edge.pathname === '/mcp' && edge.request.method === 'POST';

/**
 * On to a route that is not a page, with the headers gathered on the way; a call to the
 * tool endpoint also carries the budget's decision (and never a client's copy of it).
 */
export function passOn(edge: Edge): Response {
  if (!reportsOwnBudget(edge)) return NextResponse.next({ headers: edge.headers });
  const request = new Headers(edge.request.headers);
  request.delete(DECISION_HEADER);
  if (edge.decision) request.set(DECISION_HEADER, JSON.stringify(edge.decision));
  return NextResponse.next({ request: { headers: request }, headers: edge.headers });
}
