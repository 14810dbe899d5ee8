import type { Brand } from '../brand/schema';
import { API_BASE_PATH } from './service-desc';

/** Every absolute URL the discovery documents name, from the brand registry only. */
export function brandUrls(brand: Brand) {
  const site = brand.site_url;
  const api = `${site}${API_BASE_PATH}`;
  return {
    site,
    api,
    openapi: `${api}/openapi.json`,
    health: `${api}/health`,
    events: `${api}/events`,
    identity: `${api}/agent/identity`,
    apiDoc: `${site}/docs/api.md`,
    apiCatalog: `${site}/.well-known/api-catalog`,
    aiCatalog: `${site}/.well-known/ai-catalog.json`,
    llms: `${site}/llms.txt`,
    authMd: `${site}/auth.md`,
    sitemap: `${site}/sitemap.xml`,
    mcp: `${site}/mcp`,
    mcpServerCard: `${site}/mcp/server-card`,
    legacyMcpServerCard: `${site}/.well-known/mcp/server-card.json`,
    agentCard: `${site}/.well-known/agent-card.json`,
    a2a: `${site}/a2a`,
    skillsIndex: `${site}/.well-known/agent-skills/index.json`,
    skill: (name: string) => `${site}/.well-known/agent-skills/${name}/SKILL.md`,
    eventPage: (slug: string) => `${site}/eventos/${encodeURIComponent(slug)}`,
    token: `${brand.auth_url}/auth/token`,
    refresh: `${brand.auth_url}/auth/refresh`,
    revoke: `${brand.auth_url}/auth/revoke`,
    register: `${brand.auth_url}/users`,
  };
}
