import { LRUCache } from 'lru-cache';
import { config } from '../config';
import { processShared } from '../process-shared';

// Catalog answers are snapshots. Within the snapshot window identical questions share
// one answer, and one database round trip even when they arrive together. A change is
// visible at the latest when the window closes, or at once after an in-process import.
const state = processShared('snapshot-cache', () => ({ cache: undefined as LRUCache<string, Promise<unknown>> | undefined }));

function store(): LRUCache<string, Promise<unknown>> | undefined {
  const ttl = config().catalogCacheTtlMs;
  if (ttl === 0) return undefined;
  state.cache ??= new LRUCache<string, Promise<unknown>>({ max: 10_000, ttl, ttlAutopurge: false });
  return state.cache;
}

export function snapshot<T>(key: string, load: () => Promise<T>): Promise<T> {
  const c = store();
  if (!c) return load();
  const hit = c.get(key);
  if (hit) return hit as Promise<T>;
  const pending = load();
  c.set(key, pending);
  // A failure (database down) is never remembered.
  pending.catch(() => {
    if (c.get(key) === pending) c.delete(key);
  });
  return pending;
}

export function clearSnapshots(): void {
  state.cache?.clear();
}
