import { NextResponse, type NextRequest } from 'next/server';
import { prefersMarkdown } from '../http/negotiate';
import { INTERNAL_HEADER, ORIGINAL_HOST_HEADER } from '../http/self-request';
import { canonicalPagePath, markdownResponse } from '../markdown/cache';
import { markdownPage } from '../markdown/render';
import { aliasTarget } from '../site/aliases';
import { isLandingPath } from '../site/landing';
import { eventExists, eventSlugOf } from '../site/event-exists';
import { missingPage, publicPage } from '../pages/public';
import { pageKey, servePage } from '../site/page-cache';
import { PERSONAL_CACHE_CONTROL, personalPage } from '../site/page-responses';
import { isPersonalPage } from '../site/personal-pages';
import { rendersAfresh, spendRenderBudget } from '../site/render-budget';
import { hasSessionCookie } from '../site/session-cookie';
import { FLIGHT_HEADER, PAGE_MARKER } from '../server/markers.mjs';
import { logError } from '../observability/log';
import type { Edge } from './context';

// Which answer a page request gets; what each answer is made of lives in lib/site (page
// cache, personal pages, render budget) and lib/markdown (conversion).

/**
 * A page: on an alias host, a redirect to the brand's site; a personal page rendered for
 * this request alone; Markdown when the client prefers it; else the public HTML page, one
 * stored response for everyone in the snapshot window.
 */
export async function pageRoute(edge: Edge): Promise<Response> {
  const redirect = aliasRedirect(edge);
  if (redirect) return redirect;
  edge.headers[PAGE_MARKER] = '1';
  if (isPersonal(edge)) return (await spendPersonalRender(edge)) ?? personalAnswer(edge);
  if (wantsMarkdown(edge)) return markdownAnswer(edge);
  return htmlAnswer(edge);
}

/** On an alias host (localhost, 127.0.0.1), the same page on the brand's site. */
function aliasRedirect(edge: Edge): Response | undefined {
  const alias = aliasTarget(edge.brand, edge.request.headers.get('host'), edge.pathname + edge.request.nextUrl.search);
  return alias ? NextResponse.redirect(alias, 308) : undefined;
}

/** The request headers a page route receives: the client's Host carried, the internal token not. */
function forwardedHeaders(request: NextRequest): Headers {
  const headers = new Headers(request.headers);
  headers.delete(INTERNAL_HEADER);
  headers.set(ORIGINAL_HOST_HEADER, request.headers.get('host') ?? '');
  return headers;
}

/**
 * Personal pages, and any page seen by a signed-in person (its header shows their name):
 * rendered for the request alone, in HTML whatever it asks for, so it spends `render`.
 */
export function isPersonal(edge: Edge): boolean {
  return isPersonalPage(edge.pathname) || hasSessionCookie(edge.request.headers.get('cookie'));
}

/**
 * A personal answer is rendered for its request alone (and an event page first asks
 * whether the event exists): each one spends the client's render budget, whatever its
 * cookie holds, so a session cookie, even junk, is no way around the budget.
 */
function spendPersonalRender(edge: Edge): Promise<Response | null> {
  return spendRenderBudget(edge.pathname, edge.request.headers, edge.brand);
}

/** Rendered for this request alone: never from or into a cache, never as Markdown. A missing event is the site's 404 page. */
async function personalAnswer(edge: Edge): Promise<Response> {
  const host = edge.request.headers.get('host') ?? '';
  const slug = eventSlugOf(edge.pathname);
  if (slug !== undefined && !(await eventExists(edge.brand, slug))) {
    return servePage(await missingPage(host), edge.request.method, { ...edge.headers, 'Cache-Control': PERSONAL_CACHE_CONTROL });
  }
  // A landing page of nothing: its public render (held for the window) already is the 404 page.
  if (isLandingPath(edge.pathname)) {
    const search = edge.request.nextUrl.search;
    const page = await publicPage(pageKey(edge.brand.id, edge.pathname + search), edge.pathname + search, host);
    if (page.status === 404) return servePage(page, edge.request.method, { ...edge.headers, 'Cache-Control': PERSONAL_CACHE_CONTROL });
  }
  return personalPage(forwardedHeaders(edge.request), edge.headers);
}

const isFlight = (edge: Edge): boolean => edge.request.headers.has(FLIGHT_HEADER);

/** A client's request that prefers Markdown. */
const wantsMarkdown = (edge: Edge): boolean => prefersMarkdown(edge.request.headers.get('accept'));

/**
 * The page as Markdown: held for the window, or converted from the page's HTML as the
 * page cache holds it (rendered in this process if it is not). Its budget is `markdown`,
 * spent with the request (lib/edge/rate-budget.ts).
 */
async function markdownAnswer(edge: Edge): Promise<Response> {
  const { request, pathname, brand, headers } = edge;
  // One spelling of the path (each segment decoded and encoded again), one conversion.
  const path = (canonicalPagePath(pathname) ?? pathname) + request.nextUrl.search;
  try {
    return markdownResponse(await markdownPage(brand, path, request.headers.get('host') ?? ''), request.method, headers);
  } catch (error) {
    // As an HTML page's failed render: logged once, and server.mjs answers the 500 with its 503 page.
    logError(error, { component: 'markdown', path: pathname }, 'markdown conversion failed');
    return new Response(null, { status: 500, headers });
  }
}

/**
 * The HTML page, from the page cache or rendered in this process (lib/pages) once for
 * everyone asking in the window. A client's request that makes the server render (nothing
 * held for its URL, or a client-router payload) first spends the client's render budget.
 */
async function htmlAnswer(edge: Edge): Promise<Response> {
  const { request, pathname, brand, headers } = edge;
  const search = request.nextUrl.search;
  const alternate = `<${new URL(pathname, brand.site_url)}>; rel="alternate"; type="text/markdown"`;
  headers.Link = headers.Link ? `${headers.Link}, ${alternate}` : alternate;
  const key = pageKey(brand.id, pathname + search);
  if (rendersAfresh(key, isFlight(edge))) {
    const refused = await spendRenderBudget(pathname, request.headers, brand);
    if (refused) return refused;
  }
  // A client-router payload (a personal page's link followed in the browser) is the framework's.
  if (isFlight(edge)) return NextResponse.next({ request: { headers: forwardedHeaders(request) }, headers });
  try {
    return servePage(await publicPage(key, pathname + search, request.headers.get('host') ?? ''), request.method, headers);
  } catch (error) {
    // A render that failed (the catalog is down): logged once, and server.mjs answers a page's 500 with its 503 page.
    logError(error, { component: 'pages', path: pathname }, 'page render failed');
    return new Response(null, { status: 500, headers });
  }
}
