import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { brandUrls } from '../discovery/urls';
import { API_VERSION } from '../openapi/health-schema';
import { toolDefinitions } from './server';

export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** The MCP server card: what the /mcp endpoint is and which tools it offers. */
export function serverCard(brand: Brand) {
  const u = brandUrls(brand);
  const tools = Object.entries(toolDefinitions(brand)).map(([name, t]) => ({
    name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(z.object(t.inputSchema)),
    annotations: { readOnlyHint: true },
  }));
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: MCP_PROTOCOL_VERSION,
    serverInfo: { name: `${brand.id}-event-catalog`, title: `${brand.name} event catalog`, version: API_VERSION },
    description: `Read-only tools over ${brand.name}'s public event catalog: search, detail, and the event page with prices including fees.`,
    documentationUrl: u.llms,
    transport: { type: 'streamable-http', endpoint: u.mcp },
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false, schemes: [] },
    tools,
  };
}
