import { LRUCache } from 'lru-cache';
import { config } from '../config';
import { processShared } from '../process-shared';

// Catalog answers are snapshots. Within the snapshot window identical questions share
// one answer, and one database round trip even when they arrive together.
//
// Windows are aligned to the clock (every CATALOG_CACHE_TTL_MS since the epoch), and an
// entry lives until the end of the window in which its load began. Everything derived
// from the catalog (answers, rendered pages, their Markdown) therefore expires together:
// a change is visible at the latest when the current window closes, or at once after an
// in-process import.

export type WindowedCache = {
  /** The answer for `key` in this window, loading it once; failures and answers `keep` refuses are not remembered. */
  load<T>(key: string, fn: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** The answer for `key` when it is already held (or loading), without loading it. */
  peek<T>(key: string): Promise<T> | undefined;
  clear(): void;
};

type Stores = Map<string, LRUCache<string, Promise<unknown>>>;
const stores = processShared('snapshot-stores', (): Stores => new Map());

/** Milliseconds left in the current snapshot window (the full window when caching is off). */
export function windowRemainingMs(now = Date.now()): number {
  const ttl = config().catalogCacheTtlMs;
  return ttl === 0 ? 0 : ttl - (now % ttl);
}

/** A process-wide cache of at most `max` entries that follows the snapshot windows. */
export function windowedCache(name: string, max: number): WindowedCache {
  const store = (): LRUCache<string, Promise<unknown>> | undefined => {
    if (config().catalogCacheTtlMs === 0) return undefined;
    let c = stores.get(name);
    if (!c) {
      c = new LRUCache<string, Promise<unknown>>({ max, ttlAutopurge: false });
      stores.set(name, c);
    }
    return c;
  };
  return {
    load<T>(key: string, fn: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      const c = store();
      if (!c) return fn();
      const hit = c.get(key);
      if (hit) return hit as Promise<T>;
      const ttl = windowRemainingMs();
      const pending = fn();
      c.set(key, pending, { ttl });
      const forget = () => {
        if (c.get(key) === pending) c.delete(key);
      };
      // A failure (database down) is never remembered.
      pending.then((value) => (keep && !keep(value) ? forget() : undefined), forget);
      return pending;
    },
    peek<T>(key: string): Promise<T> | undefined {
      return store()?.get(key) as Promise<T> | undefined;
    },
    clear(): void {
      stores.get(name)?.clear();
    },
  };
}

const answers = windowedCache('catalog', 10_000);

export function snapshot<T>(key: string, load: () => Promise<T>): Promise<T> {
  return answers.load(key, load);
}

/** Forgets every snapshot: catalog answers, rendered pages and their Markdown. */
export function clearSnapshots(): void {
  for (const c of stores.values()) c.clear();
}
