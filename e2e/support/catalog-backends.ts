import { openPglite } from '../../lib/db/pglite';
import { openPostgres } from '../../lib/db/postgres';
import type { Db } from '../../lib/db/types';
import { createTestDatabase, postgresReachable } from './postgres';

export type CatalogBackend = { name: string; open: () => Promise<{ db: Db; close: () => Promise<void> }> };

/**
 * The two catalogs a database test runs on: an embedded PGlite, and a throwaway PostgreSQL
 * database named after `prefix` when a server answers (always with CI=true, where an
 * unreachable server fails the test instead of skipping it). On PostgreSQL, `connections`
 * is the pool's size and `statementTimeoutMs` bounds a hung server, never a slow statement.
 */
export async function catalogBackends(
  prefix: string,
  { connections = 2, statementTimeoutMs = 30_000 }: { connections?: number; statementTimeoutMs?: number } = {},
): Promise<CatalogBackend[]> {
  const pglite: CatalogBackend = {
    name: 'PGlite',
    open: async () => {
      const db = await openPglite();
      return { db, close: () => db.close() };
    },
  };
  if (!(await postgresReachable()) && process.env.CI !== 'true') return [pglite];
  const postgres: CatalogBackend = {
    name: 'PostgreSQL',
    open: async () => {
      const created = await createTestDatabase(prefix);
      const db = openPostgres(created.url, statementTimeoutMs, connections);
      return { db, close: async () => (await db.close(), await created.drop()) };
    },
  };
  return [pglite, postgres];
}
