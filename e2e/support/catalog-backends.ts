import { importLines } from '../../lib/catalog/import';
import type { ImportReport } from '../../lib/catalog/import/report';
import { migrate } from '../../lib/db/migrate';
import { openPglite } from '../../lib/db/pglite';
import { openPostgres } from '../../lib/db/postgres';
import type { Db, Queryable } from '../../lib/db/types';
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

/**
 * A new catalog as a database test starts it: migrated, the brands' rows written, and the
 * records imported as JSON lines (read one at a time, so a generator of many events is
 * never held whole). A line the import refuses fails the setup with its reasons.
 */
export async function fillCatalog(
  db: Db,
  brands: ReadonlyArray<{ id: string; name: string }>,
  records: Iterable<unknown>,
): Promise<ImportReport> {
  await migrate(db);
  await db.query(`INSERT INTO brands (id, name) SELECT id, name FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text)`, [
    JSON.stringify(brands.map((b) => ({ id: b.id, name: b.name }))),
  ]);
  const lines = (function* () {
    for (const r of records) yield JSON.stringify(r);
  })();
  const report = await importLines(db, lines, new Set(brands.map((b) => b.id)));
  if (report.failed.length > 0) throw new Error(`the import refused ${report.failed.length} line(s): ${JSON.stringify(report.failed.slice(0, 5))}`);
  return report;
}

/** A brand's event ids by slug, as the database gave them. */
export async function eventIdsBySlug(db: Queryable, brandId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ slug: string; id: number }>('SELECT slug, id::int AS id FROM events WHERE brand_id = $1', [brandId]);
  return new Map(rows.map((r) => [r.slug, Number(r.id)]));
}
