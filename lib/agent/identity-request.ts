import { BodyTooLargeError, MAX_JSON_DEPTH, parseBoundedJson, readBoundedText } from '../http/body';
import { ApiError } from '../http/problem';

/** Longest `type` value echoed back in an error detail. */
const ECHO_MAX = 80;

/**
 * Reads the optional body of POST /agent/identity. No body, or a JSON object whose
 * `type` is absent or "anonymous", is accepted; anything else is a 400 problem. The body
 * is read while it streams and refused past its limit (16 KiB), blank or not.
 */
export async function readIdentityRequest(request: Request): Promise<{ type: 'anonymous' }> {
  let text: string;
  try {
    text = await readBoundedText(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new ApiError('payload_too_large', err.message);
    throw err;
  }
  if (text.trim() === '') return { type: 'anonymous' };
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new ApiError('invalid_body', 'Send the body as application/json, or send no body.');
  }
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) {
    throw new ApiError('invalid_body', parsed.reason === 'depth' ? `The body nests deeper than ${MAX_JSON_DEPTH} levels.` : 'The body is not valid JSON.');
  }
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_body', 'The body must be a JSON object.');
  }
  const type = (body as { type?: unknown }).type;
  if (type === undefined || type === 'anonymous') return { type: 'anonymous' };
  const shown = typeof type === 'string' ? JSON.stringify(type.slice(0, ECHO_MAX)) : `of type ${Array.isArray(type) ? 'array' : type === null ? 'null' : typeof type}`;
  throw new ApiError('unsupported_identity_type', `Identity type ${shown} is not supported; use "anonymous".`);
}
