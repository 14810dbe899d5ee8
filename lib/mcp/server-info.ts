import type { Brand } from '../brand/schema';
import { API_VERSION } from '../version';

// Who the MCP server is, as it says itself and as its cards repeat.

/**
 * The server's name in reverse-DNS form, as a server card names it: the brand's host
 * name reversed, then the server (`www.example.com` → `com.example.www/event-catalog`).
 */
export function serverName(brand: Brand): string {
  return `${new URL(brand.site_url).hostname.split('.').reverse().join('.')}/event-catalog`;
}

/** What the server says about itself (`initialize`, `server/discover`, each 2026-07-28 result), and its cards repeat. */
export function serverInfo(brand: Brand) {
  return { name: serverName(brand), title: `${brand.name} event catalog`, version: API_VERSION };
}

/** The tool list is fixed for the life of the process: it never changes, so no notification. */
export const SERVER_CAPABILITIES = { tools: { listChanged: false } } as const;
