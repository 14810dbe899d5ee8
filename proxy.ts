import { NextResponse, type NextRequest } from 'next/server';
import { budgetFor, rateLimitKey } from '@/lib/agent/edge';
import { consume, rateLimitHeaders, warmRateLimits } from '@/lib/agent/rate-limit';
import { brandForHost, defaultBrand } from '@/lib/brand/registry';
import { discoveryLinkHeader } from '@/lib/discovery/well-known';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';

const API_PREFIX = '/api/';
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// Set by server.mjs for methods that Node's Request cannot carry (TRACE, TRACK).
const ORIGINAL_METHOD_HEADER = 'x-catalog-original-method';

// Runs before every route: refuses unknown hosts when strict hosts are on, answers the
// API's edge cases as problems, redirects trailing slashes (turned off in next.config
// so that an empty event slug can be told apart), and spends rate-limit budgets.
export async function proxy(request: NextRequest) {
  const brand = brandForHost(request.headers.get('host'));
  const { pathname } = request.nextUrl;
  if (!brand) {
    return problemResponse(defaultBrand().site_url, 'misdirected_request', 'Call the host of a brand served here.', CORS_HEADERS);
  }
  const method = request.headers.get(ORIGINAL_METHOD_HEADER) ?? request.method;
  if (!ROUTE_METHODS.has(method)) {
    return problemResponse(brand.site_url, 'method_not_allowed', `${method} is not allowed.`, {
      ...CORS_HEADERS,
      Allow: !pathname.startsWith(API_PREFIX) ? 'GET, HEAD' : pathname.endsWith('/agent/identity') ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS',
    });
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    if (/^\/api\/public\/v1\/events\/+$/.test(pathname)) {
      return problemResponse(brand.site_url, 'slug_missing', 'Give the event slug: /events/{slug}.', CORS_HEADERS);
    }
    // The target is built on the brand's site URL, never on the request's Host.
    const target = new URL((pathname.replace(/\/+$/, '') || '/') + request.nextUrl.search, brand.site_url);
    return NextResponse.redirect(target, 308);
  }
  warmRateLimits(); // the server's own warm-up request opens Redis before any visitor needs it
  const headers: Record<string, string> = {};
  if (pathname === '/') headers.Link = discoveryLinkHeader(brand);
  const budget = budgetFor(pathname, request.headers.get('accept'));
  if (budget && request.method !== 'OPTIONS') {
    const decision = await consume(budget, rateLimitKey(request.headers, brand));
    Object.assign(headers, rateLimitHeaders(decision));
    if (!decision.allowed) {
      return problemResponse(brand.site_url, 'rate_limited', `The ${budget} budget is spent; retry in ${decision.resetS} s.`, {
        ...CORS_HEADERS,
        ...headers,
        'Retry-After': String(decision.resetS),
      });
    }
  }
  return NextResponse.next({ headers });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
