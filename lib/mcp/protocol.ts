import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { logError } from '../observability/log';

// The rules of MCP that change with the negotiated protocol version, and the errors the
// SDK would otherwise answer with an internal dump.

/**
 * The protocol version of a request to the stateless endpoint: the `MCP-Protocol-Version`
 * header, or 2025-03-26 when it is absent (Streamable HTTP, "Protocol Version Header").
 * An `initialize` request negotiates its own; the transport refuses unknown versions.
 */
export function requestProtocolVersion(request: Request): string {
  return request.headers.get('mcp-protocol-version') ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
}

/** JSON-RPC batches exist in 2025-03-26 only: added there, removed in 2025-06-18. */
export function batchesAllowed(version: string): boolean {
  return version === '2025-03-26';
}

/** From 2025-11-25 on, arguments that fail the input schema are a tool execution error. */
export function argumentErrorsAreResults(version: string): boolean {
  return version >= '2025-11-25';
}

/** The JSON-RPC error answer to a batch under a version without batches. */
export function batchRefused(version: string): Response {
  const error = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: protocol version ${version} does not allow JSON-RPC batches` } };
  return new Response(JSON.stringify(error), { status: 400, headers: { 'Content-Type': 'application/json' } });
}

/** A JSON-RPC error with exactly this message (McpError prefixes "MCP error <code>: "). */
export function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

type Issue = { path: PropertyKey[]; message: string };

/** At most three validation issues as one short line: `per_page: Too big…; slug: …`. */
export function shortIssues(issues: readonly Issue[]): string {
  const shown = issues.slice(0, 3).map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ` : '') + i.message.slice(0, 120));
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}

function isValidationError(error: unknown): error is { issues: Issue[] } {
  return typeof error === 'object' && error !== null && /ZodError$/.test(String((error as { name?: unknown }).name)) && Array.isArray((error as { issues?: unknown }).issues);
}

function isRpcError(error: unknown): boolean {
  return error instanceof Error && error.constructor === Error && Number.isSafeInteger((error as { code?: unknown }).code);
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * The SDK checks each request against the method's schema before the handler runs and,
 * when it fails, answers -32603 with the validator's whole report. Every handler of this
 * server is wrapped so that a request that does not fit its method is -32602 with a short
 * message, and any other unexpected error is -32603 "Internal error" (logged here, never
 * sent). The map is the SDK's own (Protocol#_requestHandlers); a test fails if it moves.
 */
export function guardRequestHandlers(server: Server): void {
  const handlers = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) throw new Error('MCP SDK: the request handler map was not found');
  for (const [method, handler] of handlers as Map<string, Handler>) {
    handlers.set(method, async (request: unknown, extra: unknown) => {
      try {
        return await handler(request, extra);
      } catch (error) {
        if (error instanceof McpError || isRpcError(error)) throw error;
        if (isValidationError(error)) throw rpcError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${shortIssues(error.issues)}`);
        logError(error, { component: 'mcp', method });
        throw rpcError(ErrorCode.InternalError, 'Internal error');
      }
    });
  }
}
