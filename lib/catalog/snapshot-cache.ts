import { LRUCache } from 'lru-cache';
import { config } from '../config';
import { noteCache } from '../observability/context';
import { metrics, reportCacheBytes } from '../observability/metrics';
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

/**
 * Approximate bytes an answer holds: the body of a page or a conversion (strings are
 * counted at one byte per character), else twice its JSON (objects cost more than their
 * JSON text).
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'object' && value !== null && typeof (value as { body?: unknown }).body === 'string') {
    return (value as { body: string }).body.length + 512;
  }
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + 64;
  } catch {
    return 1024;
  }
}

/**
 * A process-wide cache that follows the snapshot windows, bounded by entries (`max`) and
 * by bytes (`maxBytes`, default CACHE_MAX_MB): an answer is counted at its size once
 * loaded, and the least recently used answers go first.
 */
export function windowedCache(name: string, max: number, maxBytes = config().cacheMaxBytes): WindowedCache {
  const counters = { hit: metrics().snapshot.labels(name, 'hit'), miss: metrics().snapshot.labels(name, 'miss') };
  const store = (): LRUCache<string, Promise<unknown>> | undefined => {
    if (config().catalogCacheTtlMs === 0) return undefined;
    let c = stores.get(name);
    if (!c) {
      c = new LRUCache<string, Promise<unknown>>({ max, maxSize: maxBytes, ttlAutopurge: false });
      stores.set(name, c);
      const held = c;
      reportCacheBytes(() => ({ [name]: held.calculatedSize }));
    }
    return c;
  };
  return {
    load<T>(key: string, fn: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      const c = store();
      if (!c) return fn();
      const hit = c.get(key);
      if (hit) {
        counters.hit.inc();
        noteCache(true);
        return hit as Promise<T>;
      }
      counters.miss.inc();
      noteCache(false);
      const ttl = windowRemainingMs();
      const pending = fn();
      // Counted small while it loads, at its size once it has loaded.
      c.set(key, pending, { ttl, size: 1 });
      const forget = () => {
        if (c.get(key) === pending) c.delete(key);
      };
      pending.then((value) => {
        if (keep && !keep(value)) return forget();
        // A failure (database down) is never remembered.
        const size = approximateBytes(value);
        if (c.peek(key) === pending) {
          // lru-cache keeps the first size of a value set again: the entry is set anew.
          const left = c.getRemainingTTL(key);
          c.delete(key);
          if (size <= maxBytes && left > 0) c.set(key, pending, { ttl: left, size });
        }
      }, forget);
      return pending;
    },
    peek<T>(key: string): Promise<T> | undefined {
      const held = store()?.get(key) as Promise<T> | undefined;
      if (held) {
        counters.hit.inc();
        noteCache(true);
      }
      return held;
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
