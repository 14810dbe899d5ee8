import { docRoute, json } from '@/lib/discovery/doc-route';
import { CORS_HEADERS } from '@/lib/http/headers';
import { SERVER_CARD_TYPE, serverCard } from '@/lib/mcp/server-card';

// GET /mcp/server-card: the MCP server card (SEP-2127) of the server at /mcp, at the
// location the MCP reserves for it (the endpoint's URL + /server-card).
const CARD_HEADERS = { 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': 'Content-Type, If-None-Match' };

export const { GET, HEAD } = docRoute((brand) => ({
  ...json(serverCard(brand), SERVER_CARD_TYPE),
  cache: 'public, max-age=3600',
  etag: true,
  headers: CARD_HEADERS,
}));

/** The CORS preflight of a browser that revalidates the card (If-None-Match is not a simple header). */
export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { ...CORS_HEADERS, ...CARD_HEADERS, Allow: 'GET, HEAD, OPTIONS', 'Access-Control-Max-Age': '86400' } });
}
