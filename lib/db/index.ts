import { brandRegistry } from '../brand/registry';
import { config } from '../config';
import { generateDemo } from '../catalog/demo';
import { importLines } from '../catalog/import';
import { collectStartupGarbage } from './collect';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { onShutdown } from '../lifecycle';
import { instrumentDb } from '../observability/db';
import { logger } from '../observability/log';
import { processShared } from '../process-shared';
import { DbUnavailableError, withTimeout, type Db } from './types';

export { DbUnavailableError, type Db } from './types';

/**
 * Opens the configured catalog: a PostgreSQL server when DATABASE_URL is set, else
 * embedded PGlite. Statements are bounded by DB_TIMEOUT_MS unless `timeoutMs` says
 * otherwise (tools whose statements are large by nature).
 */
export async function openDb(options: { timeoutMs?: number } = {}): Promise<Db> {
  const c = config();
  return c.databaseUrl ? openPostgres(c.databaseUrl, options.timeoutMs ?? c.dbTimeoutMs, c.dbPoolSize) : openPglite(c.catalogDir);
}

/** Brings the schema up to date and makes one row per registered brand. */
export async function migrateAndSyncBrands(db: Db): Promise<void> {
  await migrate(db);
  const brands = brandRegistry().brands;
  await db.query(
    `INSERT INTO brands (id, name) SELECT id, name FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name`,
    [JSON.stringify(brands.map((b) => ({ id: b.id, name: b.name })))],
  );
}

/** Brings a database up to date and, when configured and empty, loads the demo catalog. */
export async function prepareDb(db: Db): Promise<void> {
  await migrateAndSyncBrands(db);
  if (config().catalogSeed !== 'demo') return;
  const brands = brandRegistry().brands;
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

// One catalog per process, whichever route bundle asks first.
const state = processShared('catalog-db', () => ({ ready: undefined as Promise<Db> | undefined }));

function start(): Promise<Db> {
  const attempt = (async () => {
    const db = instrumentDb(await openDb());
    try {
      await prepareDb(db);
      onShutdown('catalog-db', () => db.close());
      if (db.kind === 'pglite') collectStartupGarbage();
      return db;
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
  })();
  // A failed start (database down) is forgotten so that the next request tries again.
  attempt.catch((err: unknown) => {
    logger().warn({ component: 'db', reason: err instanceof Error ? err.message : String(err) }, 'catalog not ready');
    if (state.ready === attempt) state.ready = undefined;
  });
  return attempt;
}

/** The process's catalog database, ready to query, or DbUnavailableError within the configured time. */
export async function getDb(): Promise<Db> {
  state.ready ??= start();
  try {
    return await withTimeout(state.ready, config().dbTimeoutMs, 'opening the catalog database');
  } catch (err) {
    if (err instanceof DbUnavailableError) throw err;
    throw new DbUnavailableError('catalog database unavailable', { cause: err });
  }
}

/** Waits, without a time bound, until the catalog is open (start-up scripts and tests). */
export function whenDbReady(): Promise<Db> {
  state.ready ??= start();
  return state.ready;
}

/** Runs one query with the configured time bound. */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return withTimeout(fn(db), config().dbTimeoutMs, 'catalog query');
}
