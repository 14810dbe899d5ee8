import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { findEvent, searchEvents } from '../catalog/events';
import { cityCenter, getFilterOptions } from '../catalog/filters';
import { parseListQuery } from '../catalog/query-params';
import { brandTimeZone, localToday, RELATIVE_DAYS, relativeRange, type RelativeDay } from '../catalog/relative-dates';
import { RADIUS_KM, readSearchFilters, SORTS } from '../catalog/search-filters';
import { getEventTickets } from '../catalog/tickets';
import { CatalogUnavailableError } from '../catalog/errors';
import { API_VERSION } from '../version';
import { logError } from '../observability/log';
import { processShared } from '../process-shared';
import { eventMarkdown } from './event-markdown';
import { argumentErrorsAreResults, guardRequestHandlers, rpcError, shortIssues } from './protocol';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function textResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text' as const, text }], ...(structured ? { structuredContent: structured } : {}) };
}

/**
 * A tool's work, with any failure told in general terms: the SDK would put the error's
 * own message (a database's, for instance) into the result.
 */
async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CatalogUnavailableError) return failure('The catalog is unavailable right now. Try again shortly.');
    logError(err, { tool: 'mcp' }, 'mcp tool failed');
    return failure('Internal error.');
  }
}
const failure = (text: string) => ({ ...textResult(text), isError: true });

const notFound = (slug: string) => ({ ...textResult(`No event "${slug.slice(0, 160)}" in this catalog.`), isError: true });

const slugInput = { slug: z.string().min(1).max(160).describe('Event slug, as in search_events') };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search tool's input; `today` and `timeZone` state what relative dates mean. */
const searchInput = (today: string, timeZone: string) => ({
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      'What to look for, in plain words (Portuguese or English): artist, genre, event name, producer, venue, city or state ("forró em Recife", "jazz sp", "stand up"). Accents, case, stop words and one typo per long word do not matter; events matching more words rank first.',
    ),
  city: z.string().max(120).optional().describe('City, exact but accent- and case-insensitive'),
  state: z.string().max(2).optional().describe('State abbreviation, two letters'),
  organization: z.string().max(160).optional().describe('Producer slug'),
  when: z
    .enum(RELATIVE_DAYS)
    .optional()
    .describe(
      `Events starting on a day relative to today (${today}, time zone ${timeZone}): today, tomorrow, this_weekend (the coming Saturday and Sunday) or next_7_days (today and the 6 days after). Overrides date_from and date_to.`,
    ),
  date_from: z.string().regex(DAY).optional().describe(`First day (YYYY-MM-DD) on which events start, in each event's local time; inclusive. Today is ${today}.`),
  date_to: z.string().regex(DAY).optional().describe('Last day (YYYY-MM-DD) on which events start, in local time; inclusive.'),
  near_city: z.string().max(120).optional().describe('Only events around this city of the catalog (within radius_km of its centre); online events are left out.'),
  near: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .optional()
    .describe('Only events whose venue is within radius_km of this point (decimal degrees); online events are left out.'),
  radius_km: z.number().gt(0).max(RADIUS_KM.max).optional().describe(`Radius for near or near_city, in km (default ${RADIUS_KM.default}, at most ${RADIUS_KM.max}).`),
  sort: z.enum(SORTS).optional().describe('relevance (default with q), date (soonest first; default without q) or distance (nearest first; needs near or near_city).'),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(50).optional(),
});

/** The tools, described once for the server and for its card. */
export function toolDefinitions(brand: Brand, now = new Date()) {
  const timeZone = brandTimeZone(brand);
  return {
    search_events: {
      title: 'Search events',
      description: `Search ${brand.name}'s events that have not ended, by words, dates and place. Same filters as GET /events of the public API, plus relative dates (when) and a city to search around (near_city). meta.total is exact when meta.total_relation is "eq"; with "gte" at least that many match (a search counts up to 1,000 plus one page, a listing up to 10,000 plus one page).`,
      inputSchema: searchInput(localToday(now, timeZone), timeZone),
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

/** What the server says about itself in `initialize`, and its card repeats. */
export function serverInfo(brand: Brand) {
  return { name: `${brand.id}-event-catalog`, title: `${brand.name} event catalog`, version: API_VERSION };
}

/** The tool list is fixed for the life of the process: it never changes, so no notification. */
export const SERVER_CAPABILITIES = { tools: { listChanged: false } } as const;

type ToolName = keyof ReturnType<typeof toolDefinitions>;
type Listed = { name: ToolName; title: string; description: string; inputSchema: Record<string, unknown>; annotations: typeof readOnly };
type Arguments = Record<string, unknown>;

/**
 * The tools exactly as tools/list answers them (and as the server card lists them): the
 * input schemas are JSON Schema 2020-12, the dialect MCP names as its default.
 */
export function listedTools(brand: Brand, now = new Date()): Listed[] {
  return Object.entries(toolDefinitions(brand, now)).map(([name, t]) => ({
    name: name as ToolName,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(z.object(t.inputSchema), { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>,
    annotations: readOnly,
  }));
}

/** What each tool does with arguments that passed its input schema. */
function toolHandlers(brand: Brand): Record<ToolName, (args: Arguments) => Promise<CallToolResult>> {
  return {
    search_events: async (args) => {
      const { when, near, near_city: nearCity, ...rest } = args as Arguments & {
        when?: RelativeDay;
        near?: { latitude: number; longitude: number };
        near_city?: string;
      };
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) params.set(k, String(v));
      if (when) {
        const range = relativeRange(when, new Date(), brandTimeZone(brand));
        params.set('date_from', range.from);
        params.set('date_to', range.to);
      }
      if (near) params.set('near', `${near.latitude},${near.longitude}`);
      else if (nearCity) {
        const center = cityCenter(await getFilterOptions(brand), nearCity);
        if (!center) return { ...textResult(`No city "${nearCity.slice(0, 120)}" in this catalog; see the cities of the events found by q.`), isError: true };
        params.set('near', `${center.lat},${center.lng}`);
      }
      const { error } = readSearchFilters(params);
      if (error) return { ...textResult(`${error.code}: ${error.detail}`), isError: true };
      const { list: result, unmatched } = await searchEvents(brand, parseListQuery(params));
      const found = textResult(JSON.stringify(result), result);
      // Said beside the JSON, which stays the API's shape: the words no event has together.
      if (unmatched) found.content.push({ type: 'text', text: `No event matches all of ${unmatched.map((w) => `"${w}"`).join(', ')} together: these events match some of them.` });
      return found;
    },
    get_event: async ({ slug }) => {
      const event = await findEvent(brand, slug as string);
      return event ? textResult(JSON.stringify(event), event) : notFound(slug as string);
    },
    get_event_page: async ({ slug }) => {
      const event = await findEvent(brand, slug as string);
      if (!event) return notFound(slug as string);
      return textResult(eventMarkdown(event, await getEventTickets(brand, slug as string)));
    },
  };
}

type Definitions = { tools: Listed[]; schemas: Map<string, z.ZodType>; handlers: ReturnType<typeof toolHandlers> };

// Tool lists and JSON Schemas are built once per brand and day (the search tool states
// today's date in the brand's time zone), not on every request.
const definitions = processShared('mcp.definitions', () => new Map<string, Definitions>());

function brandDefinitions(brand: Brand, now = new Date()): Definitions {
  const key = `${brand.id}:${localToday(now, brandTimeZone(brand))}`;
  let d = definitions.get(key);
  if (!d) {
    const schemas = new Map<string, z.ZodType>(Object.entries(toolDefinitions(brand, now)).map(([name, t]) => [name, z.object(t.inputSchema)]));
    d = { tools: listedTools(brand, now), schemas, handlers: toolHandlers(brand) };
    for (const k of definitions.keys()) if (k.startsWith(`${brand.id}:`)) definitions.delete(k);
    definitions.set(key, d);
  }
  return d;
}

/**
 * A read-only MCP server over one brand's catalog, built per request (stateless) for the
 * protocol version that request negotiated (`initialize` negotiates its own).
 */
export function catalogMcpServer(brand: Brand, protocolVersion: string): Server {
  const { tools, schemas, handlers } = brandDefinitions(brand);
  const server = new Server(serverInfo(brand), { capabilities: SERVER_CAPABILITIES });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const schema = schemas.get(name);
    if (!schema) throw rpcError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 100)}`);
    const parsed = schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${shortIssues(parsed.error.issues)}`;
      // Up to 2025-06-18 invalid arguments are a protocol error; from 2025-11-25 on they
      // are a tool execution error, so that the model can correct its call.
      if (argumentErrorsAreResults(protocolVersion)) return { ...textResult(message), isError: true };
      throw rpcError(ErrorCode.InvalidParams, message);
    }
    return guarded(() => handlers[name as ToolName](parsed.data as Arguments));
  });

  guardRequestHandlers(server);
  return server;
}
