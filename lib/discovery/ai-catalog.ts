import type { Brand } from '../brand/schema';
import { SERVER_CARD_TYPE } from '../mcp/server-card';
import { brandUrls } from '../http/brand-urls';
import { LINKSET_TYPE } from './well-known';

/** The media type of an AI Catalog (Agent-Card/ai-catalog, "Media Type"). */
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';

/** The artifact types the catalog names: the AI Catalog's known types, and RFC 9727's own. */
export const ENTRY_TYPES = {
  mcpServerCard: SERVER_CARD_TYPE,
  a2aAgentCard: 'application/a2a-agent-card+json',
  agentSkills: 'application/agent-skills+json',
  apiCatalog: LINKSET_TYPE,
} as const;

/**
 * `urn:air:{publisher}:{namespace}:{name}`, the identifier the AI Catalog recommends to a
 * publisher on its own domain: here the brand's host name.
 */
const identifier = (brand: Brand, namespace: string, name: string) => `urn:air:${new URL(brand.site_url).hostname}:${namespace}:${name}`;

/**
 * The brand's AI Catalog (level 2, "Discoverable": entries and the host that runs
 * them): the MCP server card, the A2A agent card, the agent skills index and the RFC 9727
 * API catalog. Every entry has a `displayName`, which the Agentic Resource Discovery
 * schema of `ai-catalog.json` requires (lib/discovery/schemas/SOURCES.md); entries for
 * documents that carry their own description (the two cards) leave it out, as the AI
 * Catalog advises, and the other two say it here.
 */
export function aiCatalog(brand: Brand) {
  const u = brandUrls(brand);
  // What people ask that these entries answer, for discovery services that index them
  // (ARD's representativeQueries, 2 to 5): the catalog is Brazilian, so are the questions.
  const representativeQueries = ['shows de samba em Recife neste fim de semana', 'ingressos de teatro em São Paulo até 100 reais com taxas', 'eventos grátis para crianças no Rio de Janeiro'];
  return {
    specVersion: '1.0',
    host: { displayName: brand.name, identifier: new URL(brand.site_url).hostname, documentationUrl: u.llms },
    entries: [
      { identifier: identifier(brand, 'mcp', 'event-catalog'), displayName: `${brand.name} MCP server`, type: ENTRY_TYPES.mcpServerCard, url: u.mcpServerCard, representativeQueries },
      { identifier: identifier(brand, 'a2a', 'event-catalog'), displayName: `${brand.name} A2A agent`, type: ENTRY_TYPES.a2aAgentCard, url: u.agentCard, representativeQueries },
      {
        identifier: identifier(brand, 'skills', 'index'),
        displayName: `${brand.name} agent skills`,
        description: `Skills for agents: search ${brand.name}'s events and hand a person over to the website.`,
        type: ENTRY_TYPES.agentSkills,
        url: u.skillsIndex,
        representativeQueries,
      },
      {
        identifier: identifier(brand, 'api', 'public-catalog'),
        displayName: `${brand.name} public event catalog API`,
        description: 'The read-only JSON API: its OpenAPI description, documentation and status (RFC 9727).',
        type: ENTRY_TYPES.apiCatalog,
        url: u.apiCatalog,
        representativeQueries,
      },
    ],
  };
}
