import { PROTOCOL_VERSION_META_KEY, ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { logError } from '../observability/log';

// The protocol revisions the /mcp endpoint serves, the rules that change with them, and
// the errors the SDK would otherwise answer with an internal dump.

/** The per-request revision (no `initialize`; version, capabilities and identity in each request's `_meta`). */
export const MODERN_VERSION = '2026-07-28';

/**
 * Every revision the endpoint serves, newest first. 2024-11-05 is not among them: it
 * spoke the HTTP+SSE transport, which this endpoint never offered.
 */
export const PROTOCOL_VERSIONS = [MODERN_VERSION, '2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** The revisions negotiated through `initialize` (Streamable HTTP, stateless). */
export const LEGACY_VERSIONS = PROTOCOL_VERSIONS.filter((v) => v !== MODERN_VERSION);

/** What a legacy `initialize` settles on when the client asks for a revision not served. */
export const LATEST_LEGACY_VERSION = LEGACY_VERSIONS[0]!;

/** A request without `MCP-Protocol-Version` and without `_meta` speaks 2025-03-26 (Streamable HTTP, "Protocol Version Header"). */
const VERSION_WITHOUT_HEADER = '2025-03-26';

export const isModern = (version: string) => version >= MODERN_VERSION;

/** The revision a request claims in its body's `_meta`, if it claims one. */
function metaVersion(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const params = (body as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  return (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY];
}

/**
 * The revision an `initialize` request settles on: the one it asks for when served, else
 * the latest legacy one (the client then decides whether it can speak it).
 */
function initializeVersion(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || (body as { method?: unknown }).method !== 'initialize') return undefined;
  const asked = ((body as { params?: { protocolVersion?: unknown } }).params ?? {}).protocolVersion;
  if (typeof asked !== 'string') return undefined;
  return (LEGACY_VERSIONS as readonly string[]).includes(asked) ? asked : LATEST_LEGACY_VERSION;
}

/**
 * The protocol revision of a request: the one in its `_meta` (2026-07-28 on), the one an
 * `initialize` settles on, else the `MCP-Protocol-Version` header, else 2025-03-26.
 */
export function requestProtocolVersion(request: Request, body: unknown): string {
  const negotiated = initializeVersion(body);
  if (negotiated) return negotiated;
  const claimed = metaVersion(body);
  if (claimed !== undefined) return typeof claimed === 'string' ? claimed : String(JSON.stringify(claimed)).slice(0, 40);
  return request.headers.get('mcp-protocol-version') ?? VERSION_WITHOUT_HEADER;
}

export const isServedVersion = (version: string): boolean => (PROTOCOL_VERSIONS as readonly string[]).includes(version);

/** The id to echo on an error answered before the SDK sees the request. */
function requestId(body: unknown): string | number | null {
  const id = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The answer to a request for a revision this endpoint does not serve: 400 with the
 * UnsupportedProtocolVersionError of 2026-07-28 (-32022), which lists every revision the
 * endpoint serves, legacy ones included, so that a client of either era can retry.
 */
export function unsupportedVersion(version: string, body: unknown): Response {
  const error = { code: -32022, message: 'Unsupported protocol version', data: { supported: [...PROTOCOL_VERSIONS], requested: version.slice(0, 40) } };
  return Response.json({ jsonrpc: '2.0', id: requestId(body), error }, { status: 400 });
}

/** JSON-RPC batches exist in 2025-03-26 only: added there, removed in 2025-06-18. */
export function batchesAllowed(version: string): boolean {
  return version === '2025-03-26';
}

/** From 2025-11-25 on, arguments that fail the input schema are a tool execution error. */
export function argumentErrorsAreResults(version: string): boolean {
  return version >= '2025-11-25';
}

/** Tool titles, `outputSchema` and `structuredContent` arrived in 2025-06-18. */
export function hasStructuredOutput(version: string): boolean {
  return version >= '2025-06-18';
}

/** The JSON-RPC error answer to a batch under a version without batches. */
export function batchRefused(version: string): Response {
  const error = { jsonrpc: '2.0', id: null, error: { code: ProtocolErrorCode.InvalidRequest, message: `Invalid Request: protocol version ${version} does not allow JSON-RPC batches` } };
  return Response.json(error, { status: 400 });
}

/** A JSON-RPC error with exactly this message and code. */
export function rpcError(code: number, message: string): ProtocolError {
  return new ProtocolError(code, message);
}

type Issue = { path: PropertyKey[]; message: string };

/** At most three validation issues as one short line: `per_page: Too big…; slug: …`. */
export function shortIssues(issues: readonly Issue[]): string {
  const shown = issues.slice(0, 3).map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ` : '') + String(i.message).slice(0, 120));
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}

const isIssue = (v: unknown): v is Issue => typeof v === 'object' && v !== null && Array.isArray((v as Issue).path) && typeof (v as Issue).message === 'string';

/**
 * The validation issues an SDK error carries in its message: the SDK checks a request
 * against its method's schema and throws the validator's whole report as JSON text.
 */
export function issuesInMessage(message: string): Issue[] | null {
  const at = message.indexOf('[');
  if (at < 0) return null;
  try {
    const value: unknown = JSON.parse(message.slice(at));
    return Array.isArray(value) && value.length > 0 && value.every(isIssue) ? value : null;
  } catch {
    return null;
  }
}

type Handler = (request: unknown, ctx: unknown) => Promise<unknown>;

/**
 * The SDK checks each request against its method's schema before the handler runs and,
 * when it fails, answers with the validator's whole report (as -32602 for tools/call,
 * as -32603 elsewhere). Every handler of this server is wrapped so that a request that
 * does not fit its method is -32602 with a short message, and any other unexpected error
 * is -32603 "Internal error" (logged here, never sent). The map is the SDK's own
 * (Protocol#_requestHandlers); a test fails if it moves.
 */
export function guardRequestHandlers(server: Server): void {
  const handlers = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) throw new Error('MCP SDK: the request handler map was not found');
  for (const [method, handler] of handlers as Map<string, Handler>) {
    handlers.set(method, async (request: unknown, ctx: unknown) => {
      try {
        return await handler(request, ctx);
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        const issues = issuesInMessage(message);
        if (issues) throw rpcError(ProtocolErrorCode.InvalidParams, `Invalid params for ${method}: ${shortIssues(issues)}`);
        if (error instanceof ProtocolError && !message.includes('\n')) throw error;
        logError(error, { component: 'mcp', method });
        throw rpcError(ProtocolErrorCode.InternalError, 'Internal error');
      }
    });
  }
}

/**
 * `server/discover` lists every revision this endpoint serves, as the
 * UnsupportedProtocolVersionError and the server card do: the SDK's own answer lists the
 * 2026-07-28 era only. Its method is replaced on this instance (Server#_ondiscover); a
 * test fails if it moves.
 */
export function discoverEveryVersion(server: Server): void {
  const target = server as unknown as { _ondiscover?: () => Record<string, unknown> };
  const own = target._ondiscover;
  if (typeof own !== 'function') throw new Error('MCP SDK: the server/discover method was not found');
  target._ondiscover = () => ({ ...own.call(server), supportedVersions: [...PROTOCOL_VERSIONS] });
}
