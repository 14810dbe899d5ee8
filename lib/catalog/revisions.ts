import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import type { Queryable } from '../db/types';

// When each event last changed in the catalog (its row's updated_at, moved by every
// import that touches it). Calendar files take their DTSTAMP, LAST-MODIFIED and SEQUENCE
// from it, so that a subscribed calendar updates a moved event in place, and the same
// event reads the same in every file until it changes.

/** The last change of each of the brand's events by id; ids the catalog does not hold are absent. */
export async function eventRevisions(brand: Brand, ids: readonly number[], on?: Queryable): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const run = on ? <T>(fn: (db: Queryable) => Promise<T>) => fn(on) : withDb;
  return run(async (db) => {
    const rows = await db.query<{ id: number; updated_at: Date | string }>(
      'SELECT id::int AS id, updated_at FROM events WHERE brand_id = $1 AND id = ANY($2::bigint[])',
      [brand.id, ids.map(String)],
    );
    return new Map(rows.map((r) => [r.id, new Date(r.updated_at)]));
  });
}
