import client from 'prom-client';
import { processShared } from '../process-shared';

// The application's metrics, in prom-client's default registry: the production server
// exposes that registry on its own listener (METRICS_PORT). Made once per process, since
// every Next bundle imports this module on its own.
type Sizes = () => Record<string, number>;
export type PoolStats = { total: number; idle: number; waiting: number };

function make() {
  const sizeSources: Sizes[] = [];
  const pool: { stats?: () => PoolStats } = {};
  const seconds = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
  return {
    dbQuery: new client.Histogram({ name: 'catalog_db_query_duration_seconds', help: 'Duration of catalog database statements.', labelNames: ['backend', 'operation'], buckets: seconds }),
    dbErrors: new client.Counter({ name: 'catalog_db_query_errors_total', help: 'Catalog database statements that failed.', labelNames: ['backend', 'operation', 'kind'] }),
    dbPool: new client.Gauge({
      name: 'catalog_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total) and idle, and requests waiting for one.',
      labelNames: ['state'],
      collect() {
        const stats = pool.stats?.();
        if (stats) for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
      },
    }),
    pool,
    snapshot: new client.Counter({ name: 'catalog_snapshot_cache_requests_total', help: 'Snapshot cache look-ups by cache and result.', labelNames: ['cache', 'result'] }),
    // Read at each scrape, never on the request path.
    cacheBytes: new client.Gauge({
      name: 'catalog_cache_bytes',
      help: 'Approximate bytes held by each in-process cache.',
      labelNames: ['cache'],
      collect() {
        for (const sizes of sizeSources) for (const [cache, bytes] of Object.entries(sizes())) this.set({ cache }, bytes);
      },
    }),
    sizeSources,
    renders: new client.Histogram({ name: 'catalog_page_render_duration_seconds', help: 'Page renders made for the rendered-page cache, by status.', labelNames: ['status'], buckets: seconds }),
    markdown: new client.Histogram({ name: 'catalog_markdown_conversion_duration_seconds', help: 'HTML to Markdown conversions.', buckets: seconds }),
    rateLimited: new client.Counter({ name: 'catalog_rate_limit_rejections_total', help: 'Requests refused with 429, by budget.', labelNames: ['budget'] }),
  };
}

export function metrics() {
  return processShared('metrics', make);
}

/** Registers a source of cache sizes (bytes by cache name), read at each scrape. */
export function reportCacheBytes(sizes: Sizes): void {
  metrics().sizeSources.push(sizes);
}
