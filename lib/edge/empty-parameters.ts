import { NextResponse } from 'next/server';
import { isPagePath } from '../http/negotiate';
import { cleanSearch } from '../site/clean-query';
import type { Edge } from './context';

/**
 * A page asked for with empty parameters (a GET form's unfilled fields) is redirected (308)
 * to the same page without them, on the brand's site URL, never on the request's Host: the
 * address people see, keep and share is the short one (lib/site/clean-query.ts).
 */
export function emptyParameters(edge: Edge): Response | undefined {
  const { method } = edge.request;
  if ((method !== 'GET' && method !== 'HEAD') || !isPagePath(edge.pathname)) return undefined;
  const search = cleanSearch(edge.request.nextUrl.search);
  if (search === null) return undefined;
  return NextResponse.redirect(new URL(edge.pathname + search, edge.brand.site_url), 308);
}
