import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { findEvent, listEvents } from '../catalog/events';
import { cityCenter, getFilterOptions } from '../catalog/filters';
import { parseListQuery } from '../catalog/query-params';
import { brandTimeZone, localToday, RELATIVE_DAYS, relativeRange } from '../catalog/relative-dates';
import { RADIUS_KM, readSearchFilters, SORTS } from '../catalog/search-filters';
import { getEventTickets } from '../catalog/tickets';
import { API_VERSION } from '../openapi/health-schema';
import { eventMarkdown } from './event-markdown';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function textResult(text: string, structured?: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text }], ...(structured ? { structuredContent: structured } : {}) };
}

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
      description: `Search ${brand.name}'s events that have not ended, by words, dates and place. Same filters as GET /events of the public API, plus relative dates (when) and a city to search around (near_city).`,
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

  server.registerTool('search_events', { ...tools.search_events, annotations: readOnly }, async (args) => {
    const { when, near, near_city: nearCity, ...rest } = args;
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
    const result = await listEvents(brand, parseListQuery(params));
    return textResult(JSON.stringify(result), result);
  });

  server.registerTool('get_event', { ...tools.get_event, annotations: readOnly }, async ({ slug }) => {
    const event = await findEvent(brand, slug);
    return event ? textResult(JSON.stringify(event), event) : notFound(slug);
  });

  server.registerTool('get_event_page', { ...tools.get_event_page, annotations: readOnly }, async ({ slug }) => {
    const event = await findEvent(brand, slug);
    if (!event) return notFound(slug);
    return textResult(eventMarkdown(event, await getEventTickets(brand, slug)));
  });

  return server;
}
