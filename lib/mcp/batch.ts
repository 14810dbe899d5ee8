import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { spendBudget } from '../agent/edge';
import { rateLimitHeaders, type Decision } from '../agent/rate-limit';
import type { Brand } from '../brand/schema';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';

// A JSON-RPC batch (MCP 2025-03-26 only) is as many calls as it holds: each spends one
// unit of the `tools` budget, as it would sent alone. The proxy spent the first with the
// request; the rest are spent here, once the body is read. A batch holds at most
// MAX_BATCH requests, so that one request's answer stays a bounded amount of work.

export const MAX_BATCH = 20;

/** The JSON-RPC error answer to a batch of more than MAX_BATCH requests. */
function batchTooLarge(size: number): Response {
  const message = `Invalid Request: a batch holds at most ${MAX_BATCH} requests (this one holds ${size}); send the rest in further requests`;
  return Response.json({ jsonrpc: '2.0', id: null, error: { code: ProtocolErrorCode.InvalidRequest, message } }, { status: 400 });
}

/**
 * Bounds a batch and spends its calls past the first: the answer to send instead (400 past
 * MAX_BATCH, 429 when the budget cannot pay for every call), else the budget as the batch
 * leaves it (what its answer reports), or undefined when nothing more was spent.
 */
export async function spendBatch(request: Request, batch: unknown[], brand: Brand): Promise<{ refused: Response } | { decision?: Decision }> {
  if (batch.length > MAX_BATCH) return { refused: batchTooLarge(batch.length) };
  if (batch.length <= 1) return {};
  const decision = await spendBudget('tools', new URL(request.url).pathname, request.method, request.headers, brand, batch.length - 1);
  if (decision.allowed) return { decision };
  const detail = `The ${decision.budget} budget is spent: this batch of ${batch.length} calls needs ${batch.length} units; retry in ${decision.resetS} s.`;
  return { refused: problemResponse(brand.site_url, 'rate_limited', detail, { ...CORS_HEADERS, ...rateLimitHeaders(decision), 'Retry-After': String(decision.resetS) }) };
}
