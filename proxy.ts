import { NextResponse, type NextRequest } from 'next/server';
import { budgetFor, spendBudget } from '@/lib/agent/edge';
import { rateLimitHeaders, warmRateLimits } from '@/lib/agent/rate-limit';
import { brandForHost, defaultBrand } from '@/lib/brand/registry';
import { discoveryLinkHeader } from '@/lib/discovery/well-known';
import { INTERNAL_HEADER, ORIGINAL_HOST_HEADER, RENDER_HEADER, internalToken } from '@/lib/markdown/internal';
import { isPagePath, prefersMarkdown } from '@/lib/markdown/negotiate';
import { aliasTarget } from '@/lib/site/aliases';
import { FILL_HEADER, pageKey, peekPage, renderPage, servePage } from '@/lib/site/page-cache';
import { PERSONAL_CACHE_CONTROL, personalPage, publicPage } from '@/lib/site/page-responses';
import { rendersAfresh, spendRenderBudget } from '@/lib/site/render-budget';
import { isPersonalPage } from '@/lib/site/personal-pages';
import { canonicalPagePath, markdownResponse, peekMarkdown } from '@/lib/markdown/cache';
import type { Brand } from '@/lib/brand/schema';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';
import { refuseMethod } from '@/lib/http/methods';
import { isAuthHost } from '@/lib/auth-host/hosts';
import { isAuthHostPath, isAuthHostRewrite, rewriteToAuthHost } from '@/lib/auth-host/edge';
import { hasSessionCookie } from '@/lib/site/session-cookie';
import { MISSING_PATH, eventExists, eventSlugOf } from '@/lib/site/event-exists';
import { noteBrand } from '@/lib/observability/context';

// Set by server.mjs for the method that Node's Request cannot carry (TRACE).
const ORIGINAL_METHOD_HEADER = 'x-catalog-original-method';

// Runs before every route: refuses unknown hosts when strict hosts are on, answers the
// API's edge cases as problems, redirects trailing slashes (turned off in next.config
// so that an empty event slug can be told apart), and spends rate-limit budgets.
export async function proxy(request: NextRequest) {
  // The registry's authentication hosts are served by this application too (lib/auth-host).
  if (isAuthHostRewrite(request)) return NextResponse.next();
  if (isAuthHost(request.headers.get('host'))) return rewriteToAuthHost(request);
  if (isAuthHostPath(request.nextUrl.pathname)) return new NextResponse('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  const brand = brandForHost(request.headers.get('host'));
  const { pathname } = request.nextUrl;
  if (!brand) {
    return problemResponse(defaultBrand().site_url, 'misdirected_request', 'Call the host of a brand served here.', CORS_HEADERS);
  }
  noteBrand(brand.id);
  const refused = refuseMethod(brand, pathname, request.headers.get(ORIGINAL_METHOD_HEADER) ?? request.method);
  if (refused) return refused;
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
    const decision = await spendBudget(budget, pathname, request.method, request.headers, brand);
    Object.assign(headers, rateLimitHeaders(decision));
    if (!decision.allowed) {
      return problemResponse(brand.site_url, 'rate_limited', `The ${decision.budget} budget is spent; retry in ${decision.resetS} s.`, {
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

// Pages: on an alias host, a redirect to the brand's site; personal pages rendered for
// each request (lib/site/page-responses); Markdown when the client prefers it; else the
// public HTML page, one stored response for everyone in the snapshot window. A request
// that makes the server render (nothing held for its URL) spends the client's render budget.
async function pageResponse(request: NextRequest, brand: Brand, pathname: string, headers: Record<string, string>, internal: boolean) {
  const search = request.nextUrl.search;
  const alias = internal ? null : aliasTarget(brand, request.headers.get('host'), pathname + search);
  if (alias) return NextResponse.redirect(alias, 308);
  // The proxy's own render of a page for the cache, and the Markdown route's fetch of a
  // page to convert: both are rendered as they are, never negotiated or checked again.
  const fill = internal && request.headers.has(FILL_HEADER);
  const forMarkdown = internal && request.headers.has(RENDER_HEADER);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete(INTERNAL_HEADER);
  requestHeaders.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  headers[PAGE_MARKER] = '1';
  // Personal pages, and any page seen by a signed-in person (its header shows their name),
  // are rendered for this request alone: never from or into a cache, never as Markdown.
  if (isPersonalPage(pathname) || hasSessionCookie(request.headers.get('cookie'))) {
    const host = request.headers.get('host') ?? '';
    const slug = eventSlugOf(pathname);
    if (slug !== undefined && !(await eventExists(slug, host))) {
      return servePage(await renderPage(MISSING_PATH, host, 404), request.method, { ...headers, 'Cache-Control': PERSONAL_CACHE_CONTROL });
    }
    return personalPage(requestHeaders, headers);
  }
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
  const key = pageKey(brand.id, pathname + search);
  if (forMarkdown) {
    const held = peekPage(key);
    if (held) return servePage(await held, request.method, headers);
  }
  if (fill || forMarkdown) return NextResponse.next({ request: { headers: requestHeaders }, headers });
  if (rendersAfresh(key, flight(request))) {
    const refused = await spendRenderBudget(pathname, request.headers, brand);
    if (refused) return refused;
  }
  if (flight(request)) return NextResponse.next({ request: { headers: requestHeaders }, headers });
  return servePage(await publicPage(key, pathname + search, pathname, request.headers.get('host') ?? ''), request.method, headers);
}

/** A request of the client router for a page's RSC payload rather than its HTML (marked by server.mjs): never cached here. */
function flight(request: NextRequest): boolean {
  return request.headers.has('x-catalog-flight');
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
