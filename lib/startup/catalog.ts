import { brandRegistry } from '../brand/registry';
import { generateDemo } from '../catalog/demo';
import { importLines } from '../catalog/import';
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

/** Registers the start-up and waits until the catalog is open and filled (tools and tests). */
export function startCatalog(): Promise<Db> {
  prepareWith(prepareCatalog);
  return whenDbReady();
}
