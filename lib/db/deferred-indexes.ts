import type { Db, Queryable } from './types';

// Filling an empty table is linear when its secondary indexes are built once, sorted,
// at the end: inserted row by row, each new entry lands at a random place of an index
// that soon outgrows the cache, and every tenth of a large import costs more than the
// one before. Indexes set aside are written down first (deferred_indexes), so that an
// import that stops half-way leaves a record of what to build again: the next import
// builds them before it starts, and the server warns at start-up.
//
// Unique indexes stay: the import's upserts rely on them.

const LEDGER = 'CREATE TABLE IF NOT EXISTS deferred_indexes (name text PRIMARY KEY, definition text NOT NULL)';

/** Drops the non-unique indexes of `tables`, after writing down how to build each again. */
export async function deferIndexes(db: Db, tables: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(LEDGER);
    const rows = await tx.query<{ name: string; definition: string }>(
      `INSERT INTO deferred_indexes (name, definition)
       SELECT c.relname, pg_get_indexdef(i.indexrelid)
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       WHERE t.relname = ANY($1::text[]) AND t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND NOT i.indisunique AND NOT i.indisprimary
       ON CONFLICT (name) DO NOTHING
       RETURNING name`,
      [tables],
    );
    for (const { name } of rows) await tx.query(`DROP INDEX IF EXISTS ${quoteIdent(name)}`);
    return rows.map((r) => r.name);
  });
}

/** Builds every index set aside and still missing; returns their names. */
export async function restoreIndexes(db: Db): Promise<string[]> {
  if (!(await hasLedger(db))) return [];
  const pending = await db.query<{ name: string; definition: string }>('SELECT name, definition FROM deferred_indexes ORDER BY name');
  for (const { name, definition } of pending) {
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      await tx.query(idempotent(definition));
      await tx.query('DELETE FROM deferred_indexes WHERE name = $1', [name]);
    });
  }
  return pending.map((p) => p.name);
}

/** Names of the indexes an unfinished import left unbuilt. */
export async function deferredIndexes(db: Queryable): Promise<string[]> {
  if (!(await hasLedger(db))) return [];
  return (await db.query<{ name: string }>('SELECT name FROM deferred_indexes ORDER BY name')).map((r) => r.name);
}

async function hasLedger(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>(`SELECT to_regclass('deferred_indexes') IS NOT NULL AS present`);
  return row?.present ?? false;
}

/** `CREATE INDEX name ON …` as pg_get_indexdef writes it, made safe to run twice. */
export function idempotent(definition: string): string {
  return definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
