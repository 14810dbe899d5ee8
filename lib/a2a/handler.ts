import { A2A_VERSION_HEADER } from '@a2a-js/sdk';
import { DefaultRequestHandler, JsonRpcTransportHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { InMemoryTaskStore } from '@a2a-js/sdk/server';
import type { Brand } from '../brand/schema';
import { agentCard } from './agent-card';
import { catalogExecutor } from './executor';

const handlers = new Map<string, JsonRpcTransportHandler>();

function handlerFor(brand: Brand): JsonRpcTransportHandler {
  let h = handlers.get(brand.id);
  if (!h) {
    h = new JsonRpcTransportHandler(new DefaultRequestHandler(agentCard(brand), new InMemoryTaskStore(), catalogExecutor(brand)));
    handlers.set(brand.id, h);
  }
  return h;
}

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/** One JSON-RPC exchange with the catalog agent. Streaming is not offered. */
export async function handleA2a(brand: Brand, request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return rpcError(null, -32700, 'Parse error: the body is not JSON.');
  }
  const id = (body as { id?: unknown } | null)?.id;
  const context = new ServerCallContext({ requestedVersion: request.headers.get(A2A_VERSION_HEADER) ?? '1.0' });
  const result = await handlerFor(brand).handle(body as Record<string, unknown>, context);
  if (typeof (result as AsyncGenerator | undefined)?.[Symbol.asyncIterator] === 'function') {
    await (result as AsyncGenerator).return?.(undefined);
    return rpcError(id, -32004, 'Streaming is not supported by this agent; use SendMessage.');
  }
  return result;
}
