import { docRoute, json } from '@/lib/discovery/doc-route';
import { legacyServerCard } from '@/lib/mcp/server-card';

// GET /.well-known/mcp/server-card.json: the earlier card of the MCP server at /mcp, for the
// scanners that read it; the current card is at /mcp/server-card.
export const { GET, HEAD } = docRoute((brand) => json(legacyServerCard(brand)));
