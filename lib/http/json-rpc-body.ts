import { BodyTooLargeError, MAX_JSON_DEPTH, parseBoundedJson, readBoundedText } from './body';

// The body of a JSON-RPC request (MCP), bounded in size and nesting; what is refused is
// answered as the MCP SDK answers its own refusals: a JSON-RPC error with id null.

const refusal = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });

export async function readJsonRpcBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  let text: string;
  try {
    text = await readBoundedText(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return { ok: false, response: refusal(413, -32000, `Payload too large: ${err.message}`) };
    throw err;
  }
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) {
    return { ok: false, response: refusal(400, -32700, parsed.reason === 'depth' ? `Parse error: the body nests deeper than ${MAX_JSON_DEPTH} levels.` : 'Parse error: invalid JSON.') };
  }
  return { ok: true, value: parsed.value };
}
