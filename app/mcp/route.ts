import { postOnlyMethods } from '@/lib/http/post-only';
import { MCP_REQUEST_HEADERS, serveMcp } from '@/lib/mcp/endpoint';

// POST /mcp: the read-only MCP server, 2026-07-28 and the earlier Streamable HTTP
// revisions on one endpoint (lib/mcp/endpoint.ts).
export const POST = serveMcp;

// Stateless: there is no session stream to open (GET) or to end (DELETE).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = postOnlyMethods('The MCP endpoint is stateless: use POST.', MCP_REQUEST_HEADERS);
