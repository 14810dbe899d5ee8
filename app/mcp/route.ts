import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { brandOrDefault } from '@/lib/brand/registry';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';
import { catalogMcpServer } from '@/lib/mcp/server';

// POST /mcp: the read-only MCP server (Streamable HTTP, stateless, JSON responses).
// Each request gets its own server and transport: nothing is kept between requests.
export async function POST(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  const server = catalogMcpServer(brand);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
}

// Stateless: there is no session stream to open (GET) or to end (DELETE).
function methodNotAllowed(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  return problemResponse(brand.site_url, 'method_not_allowed', 'The MCP endpoint is stateless: use POST.', { ...CORS_HEADERS, Allow: 'POST, OPTIONS' });
}
export const GET = methodNotAllowed;
export const DELETE = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;

export function OPTIONS(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      Allow: 'POST, OPTIONS',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Accept, Mcp-Protocol-Version, X-Agent-Credential',
      'Access-Control-Max-Age': '86400',
    },
  });
}
