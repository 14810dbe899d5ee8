import { docRoute, json } from '@/lib/discovery/doc-route';
import { serverCard } from '@/lib/mcp/server-card';

// GET /.well-known/mcp/server-card.json: the card of the MCP server at /mcp.
export const { GET, HEAD } = docRoute((brand) => json(serverCard(brand)));
