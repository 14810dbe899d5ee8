import { brandRegistry } from '../brand/registry';
import { generateDemo } from '../demo/generate';
import { CATALOG_CHANNEL, importLines } from '../catalog/import';
import { clearSnapshots } from '../catalog/snapshot-cache';
import { onShutdown } from '../lifecycle';
import { config } from '../config';
import { prepareWith, whenDbReady, type Db } from '../db';
import { deferredIndexes } from '../db/deferred-indexes';
import { logger } from '../observability/log';
import { syncBrands } from './brands';

export { syncBrands } from './brands';

// Start-up of the catalog, above every layer it fills: the database layer opens and
// migrates; this module makes the brands' rows and, when configured and empty, loads the
// demo catalog. The server registers it at start (./register, from instrumentation.ts);
// tools and tests that open the catalog in their own process call startCatalog().

/** Loads the demo catalog into an empty database when CATALOG_SEED=demo. */
export async function seedDemo(db: Db): Promise<void> {
  if (config().catalogSeed !== 'demo') return;
  const brands = brandRegistry().brands;
  // Read first: a catalog already seeded (or filled) is left alone without a write.
  const [open] = await db.query<{ open: boolean }>('SELECT seeded_at IS NULL AND NOT EXISTS (SELECT 1 FROM events) AS open FROM catalog_state WHERE id = 1');
  if (!open?.open) return;
  // Claimed in one statement: of several processes starting at once, one loads the demo.
  const claim = await db.query(
    'UPDATE catalog_state SET seeded_at = now() WHERE id = 1 AND seeded_at IS NULL AND NOT EXISTS (SELECT 1 FROM events) RETURNING id',
  );
  if (claim.length === 0) return;
  const lines = (function* () {
    for (const record of generateDemo({ brands, events: config().demoEvents })) yield JSON.stringify(record);
  })();
  const report = await importLines(db, lines, new Set(brands.map((b) => b.id)));
  if (report.failed.length > 0) throw new Error(`demo catalog rejected lines: ${JSON.stringify(report.failed.slice(0, 3))}`);
}

/** What the process's catalog gets once migrated: the brands, then the demo when configured. */
export async function prepareCatalog(db: Db): Promise<void> {
  await syncBrands(db);
  await seedDemo(db);
  const unbuilt = await deferredIndexes(db);
  if (unbuilt.length > 0) {
    logger().warn(
      { component: 'catalog', indexes: unbuilt },
      'an import stopped before building these indexes; searches are slow until the next `npm run catalog:import` builds them',
    );
  }
}

/** At most one early end of the snapshot window per this many milliseconds, however fast batches land. */
const FOLLOW_INTERVAL_MS = 1_000;

/**
 * Ends the snapshot window early when an import announces a change (PostgreSQL
 * LISTEN/NOTIFY): every instance shows a committed batch within about a second instead
 * of at the window's end. A long import announces every batch; the snapshots are then
 * dropped at most once a second, the last announcement always honoured. Where LISTEN
 * is refused (a hot standby) the window alone applies.
 */
export async function followCatalogChanges(db: Db): Promise<void> {
  if (!db.listen || config().catalogCacheTtlMs === 0) return;
  let last = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    const wait = last + FOLLOW_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      last = Date.now();
      clearSnapshots();
    } else if (!trailing) {
      trailing = setTimeout(() => {
        trailing = undefined;
        last = Date.now();
        clearSnapshots();
      }, wait);
      trailing.unref?.();
    }
  };
  try {
    const stop = await db.listen(CATALOG_CHANNEL, changed);
    onShutdown('catalog-listen', stop);
  } catch (err) {
    logger().warn({ component: 'catalog', reason: (err as Error).message }, 'not following catalog changes: each instance sees them at the end of its snapshot window');
  }
}

/** Registers the start-up and waits until the catalog is open and filled (tools and tests). */
export function startCatalog(): Promise<Db> {
  prepareWith(prepareCatalog);
  return whenDbReady();
}
