import { DefaultRequestHandler, JsonRpcTransportHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { InMemoryTaskStore } from '@a2a-js/sdk/server';
import type { Brand } from '../brand/schema';
import { BodyTooLargeError, MAX_JSON_DEPTH, parseBoundedJson, readBoundedText } from '../http/body';
import { agentCard } from './agent-card';
import { catalogExecutor } from './executor';
import { requestedVersion, versionError } from './version';

const handlers = new Map<string, JsonRpcTransportHandler>();

function handlerFor(brand: Brand): JsonRpcTransportHandler {
  let h = handlers.get(brand.id);
  if (!h) {
    h = new JsonRpcTransportHandler(new DefaultRequestHandler(agentCard(brand), new InMemoryTaskStore(), catalogExecutor(brand)));
    handlers.set(brand.id, h);
  }
  return h;
}

export type A2aReply = { status: number; body: unknown };

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });
const INTERNAL = -32603;

/** A JSON-RPC id is a string, a number or null; anything else is not echoed back. */
const validId = (id: unknown): id is string | number | null => id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/** An error from the SDK keeps its code, but an internal one never shows its message or data. */
function scrub(reply: unknown): unknown {
  const error = (reply as { error?: { code?: unknown } } | null)?.error;
  if (!error || error.code !== INTERNAL) return reply;
  return rpcError((reply as { id?: unknown }).id, INTERNAL, 'Internal error.');
}

/** One JSON-RPC exchange with the catalog agent. Streaming is not offered. */
export async function handleA2a(brand: Brand, request: Request): Promise<A2aReply> {
  let text: string;
  try {
    text = await readBoundedText(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return { status: 413, body: rpcError(null, -32600, `Invalid request: ${err.message}`) };
    throw err;
  }
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) {
    return { status: 200, body: rpcError(null, -32700, parsed.reason === 'depth' ? `Parse error: the body nests deeper than ${MAX_JSON_DEPTH} levels.` : 'Parse error: the body is not JSON.') };
  }
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 200, body: rpcError(null, -32600, 'Invalid request: send one JSON-RPC request object.') };
  const id = (body as { id?: unknown }).id;
  if (id !== undefined && !validId(id)) return { status: 200, body: rpcError(null, -32600, 'Invalid request: the id must be a string, a number or null.') };
  const version = requestedVersion(request);
  const unsupported = versionError(version, (body as { method?: unknown }).method);
  if (unsupported) return { status: 200, body: { jsonrpc: '2.0', id: id ?? null, error: unsupported } };
  try {
    const context = new ServerCallContext({ requestedVersion: version });
    const result = await handlerFor(brand).handle(body as Record<string, unknown>, context);
    if (typeof (result as AsyncGenerator | undefined)?.[Symbol.asyncIterator] === 'function') {
      await (result as AsyncGenerator).return?.(undefined);
      return { status: 200, body: rpcError(id, -32004, 'Streaming is not supported by this agent; use SendMessage.') };
    }
    return { status: 200, body: scrub(result) };
  } catch (err) {
    console.error('[a2a] unexpected error', err);
    return { status: 200, body: rpcError(id, INTERNAL, 'Internal error.') };
  }
}
