import { config } from '../config';
import { collectStartupGarbage } from './collect';
import { instrumentDb } from './instrument';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { preparation } from './preparation';
import { onShutdown } from '../lifecycle';
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
  return c.databaseUrl ? openPostgres(c.databaseUrl, options.timeoutMs ?? c.dbTimeoutMs, c.dbPoolSize, { prepare: c.dbPreparedStatements }) : openPglite(c.catalogDir);
}

export { prepareWith } from './preparation';

// One catalog per process, whichever route bundle asks first. What fills it (the brand
// rows, the demo catalog) is the business of whoever starts the application
// (lib/startup), which hands it over (lib/db/preparation) before the first query.
const state = processShared('catalog-db', () => ({ ready: undefined as Promise<Db> | undefined }));

function start(): Promise<Db> {
  const attempt = (async () => {
    const db = instrumentDb(await openDb());
    try {
      await migrate(db);
      await preparation()?.(db);
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
