import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { findEvent, listEvents } from '../catalog/events';
import { parseListQuery } from '../catalog/query-params';
import { getEventTickets } from '../catalog/tickets';
import { DbUnavailableError } from '../db/types';
import { API_VERSION } from '../openapi/health-schema';
import { eventMarkdown } from './event-markdown';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function textResult(text: string, structured?: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text }], ...(structured ? { structuredContent: structured } : {}) };
}

/**
 * A tool's work, with any failure told in general terms: the SDK would put the error's
 * own message (a database's, for instance) into the result.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T | ReturnType<typeof failure>> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DbUnavailableError) return failure('The catalog is unavailable right now. Try again shortly.');
    console.error('[mcp] unexpected error', err);
    return failure('Internal error.');
  }
}
const failure = (text: string) => ({ ...textResult(text), isError: true });

const notFound = (slug: string) => ({ ...textResult(`No event "${slug.slice(0, 160)}" in this catalog.`), isError: true });

const slugInput = { slug: z.string().min(1).max(160).describe('Event slug, as in search_events') };
const searchInput = {
  q: z.string().max(200).optional().describe('Words to find in name, venue, city or producer (accents and case ignored)'),
  city: z.string().max(120).optional().describe('City, exact but accent- and case-insensitive'),
  state: z.string().max(2).optional().describe('State abbreviation, two letters'),
  organization: z.string().max(160).optional().describe('Producer slug'),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(50).optional(),
};

/** The tools, described once for the server and for its card. */
export function toolDefinitions(brand: Brand) {
  return {
    search_events: {
      title: 'Search events',
      description: `Search ${brand.name}'s events that have not ended. Same filters as GET /events of the public API.`,
      inputSchema: searchInput,
    },
    get_event: {
      title: 'Get an event',
      description: 'One event by slug, with its producer. Prices are on get_event_page.',
      inputSchema: slugInput,
    },
    get_event_page: {
      title: 'Read an event page',
      description: 'The event page as Markdown: dates, venue, and every ticket lot with price, fee and price with fees (BRL).',
      inputSchema: slugInput,
    },
  } as const;
}

// The SDK would build a JSON Schema validator (an Ajv instance) for every server, that
// is for every request here; one validator serves them all.
let validator: AjvJsonSchemaValidator | undefined;

/** A read-only MCP server over one brand's catalog; built per request (stateless). */
export function catalogMcpServer(brand: Brand): McpServer {
  validator ??= new AjvJsonSchemaValidator();
  const server = new McpServer(
    { name: `${brand.id}-event-catalog`, title: `${brand.name} event catalog`, version: API_VERSION },
    { jsonSchemaValidator: validator },
  );
  const tools = toolDefinitions(brand);

  server.registerTool('search_events', { ...tools.search_events, annotations: readOnly }, async (args) => guarded(async () => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(args)) if (v !== undefined) params.set(k, String(v));
    const result = await listEvents(brand, parseListQuery(params));
    return textResult(JSON.stringify(result), result);
  }));

  server.registerTool('get_event', { ...tools.get_event, annotations: readOnly }, async ({ slug }) => guarded(async () => {
    const event = await findEvent(brand, slug);
    return event ? textResult(JSON.stringify(event), event) : notFound(slug);
  }));

  server.registerTool('get_event_page', { ...tools.get_event_page, annotations: readOnly }, async ({ slug }) => guarded(async () => {
    const event = await findEvent(brand, slug);
    if (!event) return notFound(slug);
    return textResult(eventMarkdown(event, await getEventTickets(brand, slug)));
  }));

  return server;
}
