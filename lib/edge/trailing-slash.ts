import { NextResponse } from 'next/server';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';
import { withServiceDesc } from '../http/service-desc';
import type { Edge } from './context';

/**
 * A path ending in a slash is redirected (308) to the path without it, on the brand's
 * site URL, never on the request's Host. Next's own redirect is turned off in
 * next.config so that an empty event slug can be told apart: it is a 400 problem.
 */
export function trailingSlash(edge: Edge): Response | undefined {
  const { pathname } = edge;
  if (pathname.length <= 1 || !pathname.endsWith('/')) return undefined;
  if (/^\/api\/public\/v1\/events\/+$/.test(pathname)) {
    return problemResponse(edge.brand.site_url, 'slug_missing', 'Give the event slug: /events/{slug}.', withServiceDesc(edge.brand.site_url, CORS_HEADERS));
  }
  const target = new URL((pathname.replace(/\/+$/, '') || '/') + edge.request.nextUrl.search, edge.brand.site_url);
  return NextResponse.redirect(target, 308);
}
