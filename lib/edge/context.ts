import type { NextRequest } from 'next/server';
import type { Decision } from '../agent/rate-limit';
import type { Brand } from '../brand/schema';

/** A request on its way through the proxy, for a brand's host. */
export type Edge = {
  request: NextRequest;
  pathname: string;
  brand: Brand;
  /** Headers for the answer, gathered along the chain (rate limits, Link). */
  headers: Record<string, string>;
  /** The budget's decision, handed on to a route that reports it itself (lib/edge/rate-budget.ts). */
  decision?: Decision;
};

export function edgeOf(request: NextRequest, brand: Brand): Edge {
  return { request, pathname: request.nextUrl.pathname, brand, headers: {} };
}
