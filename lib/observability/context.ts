import type { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

// The record of the request being served, kept by the production server (see
// lib/observability/server.mjs) in an AsyncLocalStorage on globalThis. The app fills in
// what only it knows; the server writes the record into the request's log line.
export type RequestRecord = {
  traceId: string;
  brand?: string;
  cache?: 'hit' | 'miss';
  rateKey?: string;
};

const CONTEXT = Symbol.for('event-catalog.request-context');

function current(): RequestRecord | undefined {
  const storage = (globalThis as { [CONTEXT]?: AsyncLocalStorage<RequestRecord> })[CONTEXT];
  return storage?.getStore();
}

/** The trace id of the current request's log line, if a request is being served. */
export function currentTraceId(): string | undefined {
  return current()?.traceId;
}

export function noteBrand(brandId: string): void {
  const r = current();
  if (r) r.brand = brandId;
}

/** A snapshot answer served from memory (hit) or loaded (miss); one miss makes the request a miss. */
export function noteCache(hit: boolean): void {
  const r = current();
  if (r && r.cache !== 'miss') r.cache = hit ? 'hit' : 'miss';
}

/** The rate-limit key, hashed: a credential or an address never reaches a log. */
export function noteRateKey(key: string): void {
  const r = current();
  if (r) r.rateKey = createHash('sha256').update(key).digest('hex').slice(0, 16);
}
