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

// What the cache holds is the settled value, never the promise of the request that
// loaded it. In Node a promise carries the async context it was created in (every
// AsyncLocalStorage store, Next's request store among them, which reaches the request,
// its response and the whole render); a cached promise would keep that request alive
// for as long as the entry lives. A load in flight is shared through `loading` and
// forgotten as soon as it settles.
type Held = { value: unknown };
type Store = { held: LRUCache<string, Held>; loading: Map<string, Promise<unknown>> };
type Stores = Map<string, Store>;
const stores = processShared('snapshot-stores', (): Stores => new Map());
const purge = processShared('snapshot-purge', () => ({ timer: undefined as ReturnType<typeof setTimeout> | undefined }));

/** Milliseconds left in the current snapshot window (the full window when caching is off). */
export function windowRemainingMs(now = Date.now()): number {
  const ttl = config().catalogCacheTtlMs;
  return ttl === 0 ? 0 : ttl - (now % ttl);
}

/**
 * Drops every entry whose window has closed, once the current window ends, so that an
 * idle server gives the memory of the last window's answers back instead of keeping
 * them until the next request (lru-cache only drops a stale entry when it is read or
 * evicted). One timer for all the caches, unref'd: it never keeps the process alive.
 */
function purgeAtWindowEnd(): void {
  if (purge.timer) return;
  purge.timer = setTimeout(() => {
    purge.timer = undefined;
    for (const s of stores.values()) s.held.purgeStale();
  }, windowRemainingMs() + 1);
  purge.timer.unref?.();
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
 * by bytes (`maxBytes`, default CACHE_MAX_MB): an answer is counted at its size, and the
 * least recently used answers go first.
 */
export function windowedCache(name: string, max: number, maxBytes = config().cacheMaxBytes): WindowedCache {
  const counters = { hit: metrics().snapshot.labels(name, 'hit'), miss: metrics().snapshot.labels(name, 'miss') };
  const store = (): Store | undefined => {
    if (config().catalogCacheTtlMs === 0) return undefined;
    let s = stores.get(name);
    if (!s) {
      s = { held: new LRUCache<string, Held>({ max, maxSize: maxBytes, ttlAutopurge: false }), loading: new Map() };
      stores.set(name, s);
      const held = s.held;
      reportCacheBytes(() => ({ [name]: held.calculatedSize }));
    }
    return s;
  };
  const found = <T>(s: Store, key: string): Promise<T> | undefined => {
    const held = s.held.get(key);
    if (held) return Promise.resolve(held.value as T);
    return s.loading.get(key) as Promise<T> | undefined;
  };
  return {
    load<T>(key: string, fn: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      const s = store();
      if (!s) return fn();
      const hit = found<T>(s, key);
      if (hit) {
        counters.hit.inc();
        noteCache(true);
        return hit;
      }
      counters.miss.inc();
      noteCache(false);
      // The entry lives until the end of the window in which its load began.
      const window = Math.floor(Date.now() / config().catalogCacheTtlMs);
      const pending = fn();
      s.loading.set(key, pending);
      const settled = () => {
        if (s.loading.get(key) === pending) s.loading.delete(key);
      };
      pending.then((value) => {
        settled();
        // A failure (database down) is never remembered, nor an answer `keep` refuses.
        if (keep && !keep(value)) return;
        const size = approximateBytes(value);
        const left = (window + 1) * config().catalogCacheTtlMs - Date.now();
        if (size > maxBytes || left <= 0) return;
        s.held.set(key, { value }, { ttl: left, size });
        purgeAtWindowEnd();
      }, settled);
      return pending;
    },
    peek<T>(key: string): Promise<T> | undefined {
      const s = store();
      const held = s ? found<T>(s, key) : undefined;
      if (held) {
        counters.hit.inc();
        noteCache(true);
      }
      return held;
    },
    clear(): void {
      const s = stores.get(name);
      s?.held.clear();
      s?.loading.clear();
    },
  };
}

const answers = windowedCache('catalog', 10_000);

export function snapshot<T>(key: string, load: () => Promise<T>): Promise<T> {
  return answers.load(key, load);
}

/** Forgets every snapshot: catalog answers, rendered pages and their Markdown. */
export function clearSnapshots(): void {
  for (const s of stores.values()) {
    s.held.clear();
    s.loading.clear();
  }
}
