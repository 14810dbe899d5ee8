import type { Brand } from '../brand/schema';
import { brandUrls } from '../http/brand-urls';
import { LATEST_LEGACY_VERSION, PROTOCOL_VERSIONS } from './protocol';
import { listedTools } from './listed-tools';
import { SERVER_CAPABILITIES, serverInfo } from './server-info';

/** The media type of an MCP server card (SEP-2127). */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';

/** The card schema's own URL, which every card names in `$schema`. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** A server card's description and title hold at most 100 characters each. */
const DESCRIPTION_MAX = 100;

/** The description of a brand's server: its name when it fits, a general one when not. */
export function serverDescription(brand: Brand): string {
  const named = `Read-only search of ${brand.name}'s public events, with ticket prices including fees.`;
  return named.length <= DESCRIPTION_MAX ? named : 'Read-only search of public events, with ticket prices including fees.';
}

/**
 * The MCP server card (SEP-2127), served at `<MCP endpoint>/server-card`: who the server
 * is and where and how to connect, without its primitives (a client lists those at
 * run time). Name, title and version are the live server's own (`server/discover`), and
 * the remote lists every protocol revision the endpoint serves.
 */
export function serverCard(brand: Brand) {
  const u = brandUrls(brand);
  const info = serverInfo(brand);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.name,
    // The server's own title, unless a very long brand name makes it overflow the card's.
    ...(info.title.length <= DESCRIPTION_MAX ? { title: info.title } : {}),
    version: info.version,
    description: serverDescription(brand),
    websiteUrl: u.site,
    remotes: [{ type: 'streamable-http', url: u.mcp, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
  };
}

/**
 * The earlier card at `/.well-known/mcp/server-card.json`, kept for the scanners that
 * read it: shaped after the `initialize` result (server info, capabilities, the revision
 * an `initialize` settles on) with the tool list as tools/list answers under it. The
 * same functions build the live server, so the two cannot disagree.
 */
export function legacyServerCard(brand: Brand) {
  const u = brandUrls(brand);
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: LATEST_LEGACY_VERSION,
    supportedProtocolVersions: [...PROTOCOL_VERSIONS],
    serverInfo: serverInfo(brand),
    description: serverDescription(brand),
    documentationUrl: u.llms,
    transport: { type: 'streamable-http', endpoint: u.mcp },
    capabilities: SERVER_CAPABILITIES,
    authentication: { required: false, schemes: [] },
    tools: listedTools(brand, LATEST_LEGACY_VERSION),
  };
}
