import type { Queryable } from '../../db/types';

// Withdrawn events: the row goes (tickets by cascade, search postings by trigger), a
// tombstone stays (migration 012). See docs/operators.md, "Keeping the catalog in step".

export type EventKey = { brand: string; slug: string };
export type Withdrawal = { withdrawn_at: string };

const keysJson = (keys: readonly EventKey[]) => JSON.stringify(keys.map((k) => ({ brand_id: k.brand, slug: k.slug })));

/** Deletes the events named and records a tombstone for each; returns the keys that were in the catalog. */
export async function withdrawEvents(tx: Queryable, keys: readonly EventKey[]): Promise<EventKey[]> {
  if (keys.length === 0) return [];
  const rows = await tx.query<{ brand_id: string; slug: string }>(
    `WITH gone AS (
       DELETE FROM events e USING jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text)
       WHERE e.brand_id = x.brand_id AND e.slug = x.slug
       RETURNING e.brand_id, e.slug, e.name, e.starts_at, e.content_digest
     )
     INSERT INTO event_withdrawals (brand_id, slug, name, starts_at, content_digest)
     SELECT brand_id, slug, name, starts_at, content_digest FROM gone
     ON CONFLICT (brand_id, slug) DO UPDATE SET withdrawn_at = now(), name = excluded.name,
       starts_at = excluded.starts_at, content_digest = excluded.content_digest
     RETURNING brand_id, slug`,
    [keysJson(keys)],
  );
  return rows.map((r) => ({ brand: r.brand_id, slug: r.slug }));
}

export type Incoming = EventKey & { name: string; starts_at: Date | null };

/**
 * Of the incoming events, those whose slug was withdrawn from a different event (another
 * name or start): the import keeps them out unless told to reinstate. Tombstones of the
 * others (the same event back, or every one when reinstating) are removed in `tx`.
 */
export async function settleTombstones(tx: Queryable, incoming: readonly Incoming[], reinstate: boolean): Promise<Set<string>> {
  if (incoming.length === 0) return new Set();
  const rows = await tx.query<{ brand_id: string; slug: string; same: boolean }>(
    `SELECT w.brand_id, w.slug, (w.name = x.name AND w.starts_at IS NOT DISTINCT FROM x.starts_at) AS same
     FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, starts_at timestamptz)
     JOIN event_withdrawals w ON w.brand_id = x.brand_id AND w.slug = x.slug`,
    [JSON.stringify(incoming.map((i) => ({ brand_id: i.brand, slug: i.slug, name: i.name, starts_at: i.starts_at?.toISOString() ?? null })))],
  );
  if (rows.length === 0) return new Set();
  const blocked = new Set(rows.filter((r) => !r.same && !reinstate).map((r) => `${r.brand_id}/${r.slug}`));
  const cleared = rows.filter((r) => !blocked.has(`${r.brand_id}/${r.slug}`)).map((r) => ({ brand: r.brand_id, slug: r.slug }));
  if (cleared.length > 0) {
    await tx.query(
      `DELETE FROM event_withdrawals w USING jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text)
       WHERE w.brand_id = x.brand_id AND w.slug = x.slug`,
      [keysJson(cleared)],
    );
  }
  return blocked;
}

/** When the brand's event with this slug was withdrawn, if it was. */
export async function findWithdrawal(db: Queryable, brandId: string, slug: string): Promise<Withdrawal | undefined> {
  const [row] = await db.query<{ withdrawn_at: Date | string }>(
    'SELECT withdrawn_at FROM event_withdrawals WHERE brand_id = $1 AND slug = $2',
    [brandId, slug],
  );
  return row ? { withdrawn_at: new Date(row.withdrawn_at).toISOString() } : undefined;
}

const PAGE = 50_000;

/** The brand's event slugs that `seen` lacks, and how many events the brand holds; read a page at a time in id order. */
export async function missingSlugs(db: Queryable, brandId: string, seen: ReadonlySet<string>): Promise<{ missing: string[]; total: number }> {
  const missing: string[] = [];
  let total = 0;
  let after = '0';
  for (;;) {
    const rows = await db.query<{ id: string; slug: string }>(
      'SELECT id::text AS id, slug FROM events WHERE brand_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3',
      [brandId, after, PAGE],
    );
    for (const r of rows) if (!seen.has(r.slug)) missing.push(r.slug);
    total += rows.length;
    if (rows.length < PAGE) return { missing, total };
    after = rows[rows.length - 1]!.id;
  }
}
