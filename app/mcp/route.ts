import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { brandOrDefault } from '@/lib/brand/registry';
import { readJsonRpcBody } from '@/lib/http/json-rpc-body';
import { CORS_HEADERS } from '@/lib/http/headers';
import { postOnlyMethods } from '@/lib/http/post-only';
import { batchesAllowed, batchRefused, requestProtocolVersion } from '@/lib/mcp/protocol';
import { catalogMcpServer } from '@/lib/mcp/server';

// POST /mcp: the read-only MCP server (Streamable HTTP, stateless, JSON responses).
// Each request gets its own server and transport: nothing is kept between requests.
export async function POST(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  const version = requestProtocolVersion(request);
  // A JSON body is read here, bounded in size and depth, rather than by the SDK (which
  // answers other content types itself, before reading).
  const json = /^application\/json\b/i.test(request.headers.get('content-type') ?? '');
  const body = json ? await readJsonRpcBody(request) : { ok: true as const, value: undefined };
  if (!body.ok) return withHeaders(body.response);
  if (Array.isArray(body.value) && !batchesAllowed(version)) return withHeaders(batchRefused(version));
  const server = catalogMcpServer(brand, version);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return withHeaders(await transport.handleRequest(request, { parsedBody: body.value }));
}

function withHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
}

// Stateless: there is no session stream to open (GET) or to end (DELETE).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = postOnlyMethods('The MCP endpoint is stateless: use POST.', 'Content-Type, Accept, Mcp-Protocol-Version, X-Agent-Credential');
