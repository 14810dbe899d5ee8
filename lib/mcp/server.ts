import { ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { CatalogUnavailableError } from '../catalog/errors';
import { brandTimeZone, localToday } from '../catalog/search/relative-dates';
import { logError } from '../observability/log';
import { processShared } from '../process-shared';
import { listedTools } from './listed-tools';
import { PROTOCOL_VERSIONS, argumentErrorsAreResults, discoverEveryVersion, guardRequestHandlers, hasStructuredOutput, isModern, rpcError, shortIssues } from './protocol';
import { SERVER_CAPABILITIES, serverInfo } from './server-info';
import { TOOLS } from './tools';
import { failure, type Tool, type ToolOutput } from './tools/tool';

// The MCP server: the tools of ./tools, their lists and schemas kept per brand and day,
// and each call checked, run and answered for the request's protocol revision.

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

/** A tool's output as the result of one protocol revision. */
function toolResult(output: ToolOutput | CallToolResult, version: string): CallToolResult {
  if ('content' in output) return output;
  const content = [{ type: 'text' as const, text: output.text }, ...(output.notes ?? []).map((text) => ({ type: 'text' as const, text }))];
  return { content, ...(output.structured && hasStructuredOutput(version) ? { structuredContent: output.structured } : {}) };
}

type Definitions = { tools: Map<string, ReturnType<typeof listedTools>>; schemas: Map<string, { schema: z.ZodType; tool: Tool }>; ttlMs: (now: Date) => number };

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
    const schemas = new Map(TOOLS.map((tool) => [tool.name, { schema: z.object(tool.define(brand, now).inputSchema), tool }]));
    const tools = new Map(PROTOCOL_VERSIONS.map((v) => [v, listedTools(brand, v, now)]));
    d = { tools, schemas, ttlMs: (at) => listTtlMs(at, timeZone) };
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
  const { tools, schemas, ttlMs } = brandDefinitions(brand, now);
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
    const known = schemas.get(name);
    if (!known) throw rpcError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 100)}`);
    const parsed = known.schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${shortIssues(parsed.error.issues)}`;
      // Up to 2025-06-18 invalid arguments are a protocol error; from 2025-11-25 on they
      // are a tool execution error, so that the model can correct its call.
      if (argumentErrorsAreResults(protocolVersion)) return failure(message);
      throw rpcError(ProtocolErrorCode.InvalidParams, message);
    }
    return guarded(async () => toolResult(await known.tool.run(brand, parsed.data as Record<string, unknown>), protocolVersion));
  });

  // server/discover belongs to 2026-07-28; a legacy request for it is an unknown method.
  if (!isModern(protocolVersion)) server.removeRequestHandler('server/discover');
  guardRequestHandlers(server);
  discoverEveryVersion(server);
  return server;
}
