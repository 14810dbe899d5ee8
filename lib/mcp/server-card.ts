import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Brand } from '../brand/schema';
import { brandUrls } from '../discovery/urls';
import { SERVER_CAPABILITIES, listedTools, serverInfo } from './server';

/**
 * The MCP server card: what the /mcp endpoint is and which tools it offers. Server info,
 * capabilities and tools are the live server's own (the same functions build both), and
 * the protocol version is the one the server negotiates with a current client.
 */
export function serverCard(brand: Brand) {
  const u = brandUrls(brand);
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: LATEST_PROTOCOL_VERSION,
    supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
    serverInfo: serverInfo(brand),
    description: `Read-only tools over ${brand.name}'s public event catalog: search, detail, and the event page with prices including fees.`,
    documentationUrl: u.llms,
    transport: { type: 'streamable-http', endpoint: u.mcp },
    capabilities: SERVER_CAPABILITIES,
    authentication: { required: false, schemes: [] },
    tools: listedTools(brand),
  };
}
