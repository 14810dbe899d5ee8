import { ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { getEvent } from '../catalog/event/read';
import { toPublicDetail } from '../catalog/event/public';
import { searchEvents } from '../catalog/events';
import { EventDetailSchema, EventListSchema } from '../catalog/public-schema';
import { cityCenter, getFilterOptions } from '../catalog/filters';
import { parseListQuery } from '../catalog/query-params';
import { brandTimeZone, localToday, RELATIVE_DAYS, relativeRange, type RelativeDay } from '../catalog/relative-dates';
import { CATEGORIES, CATEGORY_SLUGS, EVENT_STATUS_LABELS } from '../catalog/categories';
import { getCardPrices } from '../catalog/card-prices';
import { getEventFacts } from '../catalog/event-facts';
import { dateWordsToFilter, priceWordsToFilter, setPriceFilter } from '../catalog/natural-request';
import { MAX_PRICE_BRL, RADIUS_KM, readSearchFilters, SORTS_WITH_PRICE } from '../catalog/search-filters';
import { formatBrl } from '../catalog/event/tickets';
import { CatalogUnavailableError } from '../catalog/errors';
import { API_VERSION } from '../version';
import { logError } from '../observability/log';
import { processShared } from '../process-shared';
import { eventMarkdown } from './event-markdown';
import { PROTOCOL_VERSIONS, argumentErrorsAreResults, discoverEveryVersion, guardRequestHandlers, hasStructuredOutput, isModern, rpcError, shortIssues } from './protocol';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text' as const, text }] };
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

/** What get_event_page gives as structured content: the page's Markdown, also its text content. */
const EventPageSchema = z.strictObject({ slug: z.string(), markdown: z.string().describe('The event page as Markdown, with YAML front matter') });

const slugInput = { slug: z.string().min(1).max(160).describe('Event slug, as in search_events') };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search tool's input; `today` and `timeZone` state what relative dates mean. */
const searchInput = (today: string, timeZone: string) => ({
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      'What to look for, in plain words (Portuguese or English): artist, genre, event name, producer, venue, city or state ("forró em Recife", "jazz sp", "stand up"). Accents, case, stop words and one typo per long word do not matter; events matching more words rank first. A date in the words ("hoje", "sábado", "este fim de semana", "em dezembro", "dia 12") and a price ("grátis", "até 50 reais") are read as filters and leave the words, unless when/date_from/date_to or free/max_price are given.',
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
  category: z
    .enum(CATEGORY_SLUGS)
    .optional()
    .describe(`Only events of this category: ${CATEGORIES.map((c) => `${c.slug} (${c.label})`).join(', ')}. Words in q that name one ("teatro", "stand up", "pra criança") also find its events.`),
  free: z.boolean().optional().describe('Only events with a ticket on sale at no cost.'),
  max_price: z
    .number()
    .gt(0)
    .max(MAX_PRICE_BRL)
    .optional()
    .describe('Only events with a ticket on sale at most this price INCLUDING fees, in reais (BRL). Events with nothing on sale never pass. "até 50 reais" or "grátis" in q mean the same.'),
  all_ages: z.boolean().optional().describe('Only events rated for all ages (classificação indicativa "livre").'),
  sort: z
    .enum(SORTS_WITH_PRICE)
    .optional()
    .describe('relevance (default with q), date (soonest first; default without q), distance (nearest first; needs near or near_city) or price (lowest price with fees first; nothing on sale last).'),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(50).optional(),
});

/** The tools, described once for the server and for its card. */
export function toolDefinitions(brand: Brand, now = new Date()) {
  const timeZone = brandTimeZone(brand);
  return {
    search_events: {
      title: 'Search events',
      description: `Search ${brand.name}'s events that have not ended, by words, dates, place, category and price. Same filters as GET /events of the public API, plus relative dates (when), a city to search around (near_city), price with fees (free, max_price, sort=price) and all ages; a second text part gives each event's lowest price with fees, category, status and age rating. meta.total is exact when meta.total_relation is "eq"; with "gte" at least that many match (a search counts up to 1,000 plus one page, a listing up to 10,000 plus one page).`,
      inputSchema: searchInput(localToday(now, timeZone), timeZone),
      outputSchema: EventListSchema,
    },
    get_event: {
      title: 'Get an event',
      description: 'One event by slug, with its producer. Prices are on get_event_page.',
      inputSchema: slugInput,
      outputSchema: EventDetailSchema,
    },
    get_event_page: {
      title: 'Read an event page',
      description: 'The event page as Markdown: dates, venue, and every ticket lot with price, fee and price with fees (BRL).',
      inputSchema: slugInput,
      outputSchema: EventPageSchema,
    },
  } as const;
}

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

type ToolName = keyof ReturnType<typeof toolDefinitions>;
type JsonSchema = { type: 'object'; [keyword: string]: unknown };
type Listed = { name: ToolName; title?: string; description: string; inputSchema: JsonSchema; outputSchema?: JsonSchema; annotations: typeof readOnly };
type Arguments = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 with an object at its root. A public shape with an
 * id (EventDetail, EventList) comes out as a root `$ref` into `$defs`; it is brought up to
 * the root, since 2025-06-18 and 2025-11-25 want `"type": "object"` there (and the SDK
 * wraps any other root in a `result` property).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $ref, $defs, ...root } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown> & { $ref?: string; $defs?: Record<string, object> };
  const id = typeof $ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec($ref)?.[1] : undefined;
  if (!id || !$defs?.[id]) return { ...root, ...($ref ? { $ref } : {}), ...($defs ? { $defs } : {}) } as JsonSchema;
  const { [id]: inlined, ...others } = $defs;
  return { ...root, ...inlined, ...(Object.keys(others).length ? { $defs: others } : {}) } as JsonSchema;
}

/**
 * The tools exactly as tools/list answers them under a protocol revision (and as the
 * legacy server card lists them): JSON Schema 2020-12, the dialect MCP names as its
 * default. Titles, output schemas and structured results came with 2025-06-18; under
 * 2025-03-26 a tool has its name, description, input schema and annotations only.
 */
export function listedTools(brand: Brand, version: string, now = new Date()): Listed[] {
  const structured = hasStructuredOutput(version);
  return Object.entries(toolDefinitions(brand, now)).map(([name, t]) => ({
    name: name as ToolName,
    ...(structured ? { title: t.title } : {}),
    description: t.description,
    inputSchema: jsonSchema(z.object(t.inputSchema), 'input'),
    ...(structured ? { outputSchema: jsonSchema(t.outputSchema, 'output') } : {}),
    annotations: readOnly,
  }));
}

/** A tool's result: its text, and its structured content under the revisions that have it. */
type ToolOutput = { text: string; structured?: Record<string, unknown>; notes?: string[] };

/** What each tool does with arguments that passed its input schema. */
function toolHandlers(brand: Brand): Record<ToolName, (args: Arguments) => Promise<ToolOutput | CallToolResult>> {
  return {
    search_events: async (args) => {
      const { when, near, near_city: nearCity, free, max_price: maxPrice, all_ages: allAges, q, ...rest } = args as Arguments & {
        when?: RelativeDay;
        near?: { latitude: number; longitude: number };
        near_city?: string;
        free?: boolean;
        max_price?: number;
        all_ages?: boolean;
        q?: string;
      };
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) params.set(k, String(v));
      if (q) params.set('q', q);
      // A price in the words ("até 50 reais", "grátis") is a filter, unless one is given.
      if (free) setPriceFilter(params, { free: true });
      else if (maxPrice !== undefined) setPriceFilter(params, { maxBrl: maxPrice });
      else priceWordsToFilter(params);
      if (allAges) params.set('age_rating', 'livre');
      if (when) {
        const range = relativeRange(when, new Date(), brandTimeZone(brand));
        params.set('date_from', range.from);
        params.set('date_to', range.to);
        // A date in the words ("sábado", "em dezembro") is a filter, unless one is given.
      } else if (!params.has('date_from') && !params.has('date_to')) dateWordsToFilter(params, new Date(), brandTimeZone(brand));
      if (near) params.set('near', `${near.latitude},${near.longitude}`);
      else if (nearCity) {
        const center = cityCenter(await getFilterOptions(brand), nearCity);
        if (!center) return failure(`No city "${nearCity.slice(0, 120)}" in this catalog; see the cities of the events found by q.`);
        params.set('near', `${center.lat},${center.lng}`);
      }
      const { error } = readSearchFilters(params, { prices: true });
      if (error) return failure(`${error.code}: ${error.detail}`);
      const { list: result, unmatched, corrected } = await searchEvents(brand, parseListQuery(params, { prices: true }));
      // Said beside the JSON, which stays the API's shape: the words read as typos, the
      // words no event has together, then what the API does not show, event by event.
      const notes = [
        ...(corrected ? [`Words read with typos corrected, as "${corrected}".`] : []),
        ...(unmatched ? [`No event matches all of ${unmatched.map((w) => `"${w}"`).join(', ')} together: these events match some of them.`] : []),
      ];
      const ids = result.data.map((e) => e.id);
      const [prices, facts] = await Promise.all([getCardPrices(brand, ids), getEventFacts(brand, ids)]);
      if (result.data.length > 0) {
        const lines = result.data.map((e) => {
          const f = facts.get(e.id);
          const lowest = e.is_closed ? null : (prices.get(e.id)?.lowest_total_cents ?? null);
          const parts = [
            f?.event_status && f.event_status !== 'scheduled' ? EVENT_STATUS_LABELS[f.event_status].toUpperCase() : null,
            f?.category ? `category ${f.category}` : null,
            lowest === null ? 'nothing on sale' : `from ${formatBrl(lowest)} with fees`,
            f?.age_rating ? `age rating ${f.age_rating}` : null,
          ].filter(Boolean);
          return `- ${e.slug}: ${parts.join('; ')}`;
        });
        notes.push(`Per event (prices include fees; a snapshot, not a reservation):\n${lines.join('\n')}`);
      }
      return { text: JSON.stringify(result), structured: result, notes };
    },
    get_event: async ({ slug }) => {
      const view = await getEvent(brand, slug as string);
      if (!view) return notFound(slug as string);
      const event = toPublicDetail(view);
      return { text: JSON.stringify(event), structured: event };
    },
    get_event_page: async ({ slug }) => {
      const event = await getEvent(brand, slug as string);
      if (!event) return notFound(slug as string);
      const markdown = eventMarkdown(event);
      return { text: markdown, structured: { slug: event.slug, markdown } };
    },
  };
}

/** A tool's output as the result of one protocol revision. */
function toolResult(output: ToolOutput | CallToolResult, version: string): CallToolResult {
  if ('content' in output) return output;
  const content = [{ type: 'text' as const, text: output.text }, ...(output.notes ?? []).map((text) => ({ type: 'text' as const, text }))];
  return { content, ...(output.structured && hasStructuredOutput(version) ? { structuredContent: output.structured } : {}) };
}

type Definitions = { tools: Map<string, Listed[]>; schemas: Map<string, z.ZodType>; handlers: ReturnType<typeof toolHandlers>; ttlMs: (now: Date) => number };

// Tool lists and JSON Schemas are built once per brand and day (the search tool states
// today's date in the brand's time zone), not on every request.
const definitions = processShared('mcp.definitions', () => new Map<string, Definitions>());

const HOUR_MS = 3_600_000;

/**
 * How long a client may keep the tool list: an hour, or less when the brand's day ends
 * sooner (the search tool's description names today's date). Exact to the minute.
 */
function listTtlMs(now: Date, timeZone: string): number {
  const today = localToday(now, timeZone);
  let ttl = HOUR_MS;
  while (ttl > 0 && localToday(new Date(now.getTime() + ttl), timeZone) !== today) ttl -= 60_000;
  return ttl;
}

function brandDefinitions(brand: Brand, now = new Date()): Definitions {
  const timeZone = brandTimeZone(brand);
  const key = `${brand.id}:${localToday(now, timeZone)}`;
  let d = definitions.get(key);
  if (!d) {
    const schemas = new Map<string, z.ZodType>(Object.entries(toolDefinitions(brand, now)).map(([name, t]) => [name, z.object(t.inputSchema)]));
    const tools = new Map(PROTOCOL_VERSIONS.map((v) => [v, listedTools(brand, v, now)]));
    d = { tools, schemas, handlers: toolHandlers(brand), ttlMs: (at) => listTtlMs(at, timeZone) };
    for (const k of definitions.keys()) if (k.startsWith(`${brand.id}:`)) definitions.delete(k);
    definitions.set(key, d);
  }
  return d;
}

/**
 * A read-only MCP server over one brand's catalog, built per request (stateless) for the
 * protocol revision of that request (a legacy `initialize` negotiates its own, among the
 * same revisions). Under 2026-07-28 the SDK adds `resultType`, the server's identity in
 * `_meta`, and the cache hints of cacheable results.
 */
export function catalogMcpServer(brand: Brand, protocolVersion: string): Server {
  const now = new Date();
  const { tools, schemas, handlers, ttlMs } = brandDefinitions(brand, now);
  const { title, ...untitled } = serverInfo(brand);
  // Implementation.title arrived with 2025-06-18, as tool titles did.
  const server = new Server(hasStructuredOutput(protocolVersion) ? { ...untitled, title } : untitled, {
    capabilities: SERVER_CAPABILITIES,
    supportedProtocolVersions: [...PROTOCOL_VERSIONS],
    cacheHints: {
      'tools/list': { ttlMs: ttlMs(now), cacheScope: 'public' },
      'server/discover': { ttlMs: HOUR_MS, cacheScope: 'public' },
    },
  });

  server.setRequestHandler('tools/list', () => ({ tools: tools.get(protocolVersion) ?? tools.get(PROTOCOL_VERSIONS[0])! }));
  server.setRequestHandler('tools/call', async (request) => {
    const { name } = request.params;
    const schema = schemas.get(name);
    if (!schema) throw rpcError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 100)}`);
    const parsed = schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${shortIssues(parsed.error.issues)}`;
      // Up to 2025-06-18 invalid arguments are a protocol error; from 2025-11-25 on they
      // are a tool execution error, so that the model can correct its call.
      if (argumentErrorsAreResults(protocolVersion)) return failure(message);
      throw rpcError(ProtocolErrorCode.InvalidParams, message);
    }
    return guarded(async () => toolResult(await handlers[name as ToolName](parsed.data as Arguments), protocolVersion));
  });

  // server/discover belongs to 2026-07-28; a legacy request for it is an unknown method.
  if (!isModern(protocolVersion)) server.removeRequestHandler('server/discover');
  guardRequestHandlers(server);
  discoverEveryVersion(server);
  return server;
}
