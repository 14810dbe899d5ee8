import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { brandOrDefault } from '@/lib/brand/registry';
import { CORS_HEADERS } from '@/lib/http/headers';
import { postOnlyMethods } from '@/lib/http/post-only';
import { batchesAllowed, batchRefused, isBatchBody, requestProtocolVersion } from '@/lib/mcp/protocol';
import { catalogMcpServer } from '@/lib/mcp/server';

// POST /mcp: the read-only MCP server (Streamable HTTP, stateless, JSON responses).
// Each request gets its own server and transport: nothing is kept between requests.
export async function POST(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  const version = requestProtocolVersion(request);
  const response = !batchesAllowed(version) && (await isBatchBody(request)) ? batchRefused(version) : await serve(request, brand, version);
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
}

async function serve(request: Request, brand: ReturnType<typeof brandOrDefault>, version: string): Promise<Response> {
  const server = catalogMcpServer(brand, version);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(request);
}

// Stateless: there is no session stream to open (GET) or to end (DELETE).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = postOnlyMethods('The MCP endpoint is stateless: use POST.', 'Content-Type, Accept, Mcp-Protocol-Version, X-Agent-Credential');
