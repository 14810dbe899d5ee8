import { createMcpHandler, isLegacyRequest, ProtocolError, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { handedDecision, rateLimitHeaders, type Decision } from '../agent/rate-limit';
import { brandOrDefault } from '../brand/registry';
import { CORS_HEADERS } from '../http/headers';
import { readJsonRpcBody } from '../http/json-rpc-body';
import { logError } from '../observability/log';
import { processShared } from '../process-shared';
import { spendBatch } from './batch';
import { batchesAllowed, batchRefused, isServedVersion, MODERN_VERSION, requestProtocolVersion, unsupportedVersion } from './protocol';
import { catalogMcpServer } from './server';

// The /mcp endpoint: one URL for both eras of MCP over Streamable HTTP, stateless.
// - 2026-07-28 (a request whose `_meta` names its revision): the SDK's per-request
//   handler, which checks the envelope and the Mcp-Method / Mcp-Name headers against the
//   body and answers server/discover.
// - 2025-11-25, 2025-06-18, 2025-03-26 (an `initialize` handshake, then requests that
//   name their revision in MCP-Protocol-Version): a fresh server and transport per
//   request, answering JSON, without sessions.
// Nothing is kept between requests. A JSON body is read here, bounded in size and depth,
// rather than by the SDK (which answers other content types itself, before reading).

/** The SDK's handler of 2026-07-28 requests; the brand comes from each request's Host. */
const modern = processShared('mcp.modern', () =>
  createMcpHandler(({ requestInfo }) => catalogMcpServer(brandOrDefault(requestInfo?.headers.get('host') ?? null), MODERN_VERSION), {
    legacy: 'reject',
    onerror: (error) => {
      // Refusals of a client's request are answered to it (a protocol error, or a rejected
      // envelope, header or media type); only the server's own failures are logged.
      if (!(error instanceof ProtocolError) && !/^(Rejected |Unsupported Media Type)/.test(error.message)) logError(error, { component: 'mcp' });
    },
  }),
);

export async function serveMcp(request: Request): Promise<Response> {
  // The budget as the proxy's spend left it; a batch's further spend replaces it below.
  let decision = handedDecision(request.headers);
  const withHeaders = (response: Response) => answer(response, decision);
  const json = /^application\/json\b/i.test(request.headers.get('content-type') ?? '');
  const body = json ? await readJsonRpcBody(request) : { ok: true as const, value: undefined };
  if (!body.ok) return withHeaders(body.response);
  const version = requestProtocolVersion(request, body.value);
  if (!isServedVersion(version)) return withHeaders(unsupportedVersion(version, body.value));
  if (!(await isLegacyRequest(request, body.value))) return withHeaders(await modern.fetch(request, { parsedBody: body.value }));

  const brand = brandOrDefault(request.headers.get('host'));
  if (Array.isArray(body.value)) {
    if (!batchesAllowed(version)) return withHeaders(batchRefused(version));
    const spent = await spendBatch(request, body.value, brand);
    if ('refused' in spent) return withHeaders(spent.refused);
    decision = spent.decision ?? decision;
  }
  const server = catalogMcpServer(brand, version);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return withHeaders(await transport.handleRequest(request, { parsedBody: body.value }));
}

/** The answer with CORS, no-store and the budget as it stands (unless the answer states its own, a 429). */
function answer(response: Response, decision: Decision | undefined): Response {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set('Cache-Control', 'no-store');
  if (decision && !headers.has('RateLimit')) for (const [k, v] of Object.entries(rateLimitHeaders(decision))) headers.set(k, v);
  return new Response(response.body, { status: response.status, headers });
}

/** The request headers a browser client of either era sends (the CORS preflight's answer). */
export const MCP_REQUEST_HEADERS = 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, X-Agent-Credential';
