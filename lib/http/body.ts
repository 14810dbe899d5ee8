import { bodyLimitFor } from './raw-request.mjs';

// Request bodies read with a bound, and JSON parsed with a bound on its nesting. The
// server (server.mjs) already ends a body one byte past its path's limit; reading here
// stops there too, so a route never holds more than its limit.

/** Nesting deeper than this is refused before parsing: no request of this API needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/** The body limit of this request's path, in bytes. */
export function bodyLimit(request: Request): number {
  return bodyLimitFor(new URL(request.url).pathname);
}

/** The body as text, read while it streams; past `limit` bytes a BodyTooLargeError, without reading further. */
export async function readBoundedText(request: Request, limit = bodyLimit(request)): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), counted without parsing. */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: 'syntax' | 'depth' };

/** JSON.parse with a bound on nesting, checked first: a deep document never reaches the parser or the code after it. */
export function parseBoundedJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonResult {
  if (jsonDepth(text, maxDepth) > maxDepth) return { ok: false, reason: 'depth' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'syntax' };
  }
}
