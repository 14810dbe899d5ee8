import { brandRegistry } from '../brand/registry';
import type { Queryable } from '../db/types';

// The brands' rows, in a module of their own so that the catalog tools load it without
// the rest of the start-up (the demo generator, the process's catalog connection).

/** One row per registered brand; nothing is written when the rows are current (a read-only replica starts). */
export async function syncBrands(db: Queryable): Promise<void> {
  const brands = brandRegistry().brands;
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM brands');
  const held = new Map(rows.map((r) => [r.id, r.name]));
  if (brands.every((b) => held.get(b.id) === b.name)) return;
  await db.query(
    `INSERT INTO brands (id, name) SELECT id, name FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name`,
    [JSON.stringify(brands.map((b) => ({ id: b.id, name: b.name })))],
  );
}
