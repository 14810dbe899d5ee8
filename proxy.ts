import { NextResponse, type NextRequest } from 'next/server';
import { budgetFor, rateLimitKey } from '@/lib/agent/edge';
import { consume, rateLimitHeaders, warmRateLimits } from '@/lib/agent/rate-limit';
import { brandForHost, defaultBrand } from '@/lib/brand/registry';
import { discoveryLinkHeader } from '@/lib/discovery/well-known';
import { INTERNAL_HEADER, ORIGINAL_HOST_HEADER, RENDER_HEADER, internalToken } from '@/lib/markdown/internal';
import { isPagePath, prefersMarkdown } from '@/lib/markdown/negotiate';
import { MISSING_PATH, eventExists, eventSlugOf } from '@/lib/site/event-exists';
import { FILL_HEADER, cachedPage, pageCacheEnabled, pageKey, peekPage, renderPage, servePage } from '@/lib/site/page-cache';
import { canonicalPagePath, markdownResponse, peekMarkdown } from '@/lib/markdown/cache';
import type { Brand } from '@/lib/brand/schema';
import { pageSecurityHeaders } from '@/lib/site/security-headers';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';
import { noteBrand, noteRateKey } from '@/lib/observability/context';

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
  noteBrand(brand.id);
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
  // The server's own calls (page checks) carry the internal token and spend no budget.
  const internal = request.headers.get(INTERNAL_HEADER) === internalToken();
  const budget = internal ? null : budgetFor(pathname, request.headers.get('accept'));
  if (budget && request.method !== 'OPTIONS') {
    const key = rateLimitKey(request.headers, brand);
    noteRateKey(key);
    const decision = await consume(budget, key);
    Object.assign(headers, rateLimitHeaders(decision));
    if (!decision.allowed) {
      return problemResponse(brand.site_url, 'rate_limited', `The ${budget} budget is spent; retry in ${decision.resetS} s.`, {
        ...CORS_HEADERS,
        ...headers,
        'Retry-After': String(decision.resetS),
      });
    }
  }
  if (!isPagePath(pathname)) return NextResponse.next({ headers });
  return pageResponse(request, brand, pathname, headers, internal);
}

/** Tells server.mjs that this response is a page: it adds Vary: Accept and maps errors to 503. */
const PAGE_MARKER = 'x-catalog-page';

// Pages: Markdown when the client prefers it, else HTML with a per-request CSP nonce and
// a Link to the Markdown alternate. Both come from the snapshot window's caches when
// they hold the page; else Markdown is rewritten to /md (with the internal token) and
// HTML is rendered once for the window.
async function pageResponse(request: NextRequest, brand: Brand, pathname: string, headers: Record<string, string>, internal: boolean) {
  // The proxy's own render of a page for the cache, and the Markdown route's fetch of a
  // page to convert: both are rendered as they are, never negotiated or checked again.
  const fill = internal && request.headers.has(FILL_HEADER);
  const forMarkdown = internal && request.headers.has(RENDER_HEADER);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete(INTERNAL_HEADER);
  requestHeaders.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  headers[PAGE_MARKER] = '1';
  const search = request.nextUrl.search;
  if (!fill && !forMarkdown && prefersMarkdown(request.headers.get('accept'))) {
    const canonical = canonicalPagePath(pathname);
    const converted = canonical === null ? undefined : peekMarkdown(brand, canonical + search);
    if (converted) return markdownResponse(await converted, request.method, headers);
    requestHeaders.set(INTERNAL_HEADER, internalToken());
    const target = request.nextUrl.clone();
    target.pathname = `/md${pathname === '/' ? '' : pathname}`;
    return NextResponse.rewrite(target, { request: { headers: requestHeaders }, headers });
  }
  if (!fill) {
    const alternate = `<${new URL(pathname, brand.site_url)}>; rel="alternate"; type="text/markdown"`;
    headers.Link = headers.Link ? `${headers.Link}, ${alternate}` : alternate;
  }
  const host = request.headers.get('host') ?? '';
  const key = pageKey(brand.id, pathname + search);
  if (forMarkdown) {
    const held = peekPage(key);
    if (held) return servePage(await held, request.method, headers);
  } else if (!fill && !flight(request)) {
    const missing = async () => {
      const slug = eventSlugOf(pathname);
      return slug !== undefined && !(await eventExists(slug, host));
    };
    const render = async () => ((await missing()) ? renderPage(MISSING_PATH, host, 404) : renderPage(pathname + search, host));
    if (pageCacheEnabled()) return servePage(await cachedPage(key, render), request.method, headers);
    if (await missing()) return servePage(await renderPage(MISSING_PATH, host, 404), request.method, headers);
  }
  const { nonce, csp } = pageSecurityHeaders();
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  headers['Content-Security-Policy'] = csp;
  return NextResponse.next({ request: { headers: requestHeaders }, headers });
}

/** A request of the client router for a page's RSC payload rather than its HTML (marked by server.mjs): never cached here. */
function flight(request: NextRequest): boolean {
  return request.headers.has('x-catalog-flight');
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
