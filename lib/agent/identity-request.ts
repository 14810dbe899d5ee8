import { ApiError } from '../http/problem';

const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads the optional body of POST /agent/identity. No body, or a JSON object whose
 * `type` is absent or "anonymous", is accepted; anything else is a 400 problem.
 */
export async function readIdentityRequest(request: Request): Promise<{ type: 'anonymous' }> {
  const text = await request.text();
  if (text.trim() === '') return { type: 'anonymous' };
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError('invalid_body', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new ApiError('invalid_body', 'Send the body as application/json, or send no body.');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_body', 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_body', 'The body must be a JSON object.');
  }
  const type = (body as { type?: unknown }).type;
  if (type === undefined || type === 'anonymous') return { type: 'anonymous' };
  throw new ApiError('unsupported_identity_type', `Identity type ${JSON.stringify(type)} is not supported; use "anonymous".`);
}
