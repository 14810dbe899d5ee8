import { config } from '../config';
import { onShutdown } from '../lifecycle';
import { logger } from '../observability/log';
import { processShared } from '../process-shared';
import { getDb } from './index';
import { instrumentDb } from './instrument';
import { pendingMigrations } from './migrate';
import { openPostgres } from './postgres';
import { DbUnavailableError, withTimeout, type Db } from './types';

// The accounts' database. Sign-up, sign-in, tokens, resets and spent CAPTCHA challenges
// write, and a token's check must see a revocation at once: an instance whose catalog
// connection (DATABASE_URL) reads a replica gets a pool of its own on the primary
// (DATABASE_PRIMARY_URL) for them, with the catalog's pool size and statement bound.
// Without it, the catalog's connection serves the accounts too.
const state = processShared('accounts-db', () => ({ ready: undefined as Promise<Db> | undefined }));

function start(url: string): Promise<Db> {
  const attempt = (async () => {
    const c = config();
    const db = instrumentDb(openPostgres(url, c.dbTimeoutMs, c.dbPoolSize, { prepare: c.dbPreparedStatements }), { poolGauge: false });
    try {
      // Migrations are applied by the instances on the primary (or catalog:migrate), never
      // from here: an instance on a replica only checks that the primary has them.
      const pending = await pendingMigrations(db);
      if (pending.length > 0) {
        throw new Error(`the primary's schema lacks ${pending.join(', ')}: start an instance on the primary or run npm run catalog:migrate against it`);
      }
      onShutdown('accounts-db', () => db.close());
      return db;
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
  })();
  // A failed start (primary down) is forgotten so that the next request tries again.
  attempt.catch((err: unknown) => {
    logger().warn({ component: 'db', reason: err instanceof Error ? err.message : String(err) }, 'primary database for the accounts not ready');
    if (state.ready === attempt) state.ready = undefined;
  });
  return attempt;
}

/** The database of the accounts, ready to query, or DbUnavailableError within the configured time. */
export async function getAccountsDb(): Promise<Db> {
  const c = config();
  if (!c.databasePrimaryUrl) return getDb();
  state.ready ??= start(c.databasePrimaryUrl);
  try {
    return await withTimeout(state.ready, c.dbTimeoutMs, 'opening the primary database');
  } catch (err) {
    if (err instanceof DbUnavailableError) throw err;
    throw new DbUnavailableError('primary database unavailable', { cause: err });
  }
}
