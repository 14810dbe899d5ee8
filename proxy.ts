import type { NextRequest } from 'next/server';
import { isPagePath } from '@/lib/http/negotiate';
import { authHostRoute } from '@/lib/edge/auth-host';
import { brandSite } from '@/lib/edge/brand';
import { discoveryLink } from '@/lib/edge/discovery-link';
import { emptyParameters } from '@/lib/edge/empty-parameters';
import { oversizedBody } from '@/lib/edge/oversized';
import { allowedMethod } from '@/lib/edge/method';
import { pageRoute } from '@/lib/edge/pages';
import { passOn, rateBudget } from '@/lib/edge/rate-budget';
import { trailingSlash } from '@/lib/edge/trailing-slash';

// Runs before every route, as one chain: the first step that answers ends it. Each step
// is a function of its own in lib/edge; what a page is made of (cache, render, Markdown)
// lives in lib/site and lib/markdown.
export async function proxy(request: NextRequest): Promise<Response> {
  const oversized = oversizedBody(request); // a body server.mjs refused whole: 413
  if (oversized) return oversized;
  const authHost = authHostRoute(request); // the authentication hosts' own route
  if (authHost) return authHost;
  const edge = brandSite(request); // the brand of the Host, or 421
  if (edge instanceof Response) return edge;
  return (
    allowedMethod(edge) ?? // 405 with Allow
    trailingSlash(edge) ?? // 308 to the path without it, or 400 for an empty slug
    emptyParameters(edge) ?? // a page's 308 to its address without empty parameters
    discoveryLink(edge) ?? // Link on the home page
    (await rateBudget(edge)) ?? // the client's budget, or 429
    (isPagePath(edge.pathname) ? pageRoute(edge) : passOn(edge))
  );
}

export const config = {
  // Every path but the build's static files. (Next reads this object as a literal.)
  matcher: ['/((?!_next/static|_next/image).*)'],
};
