import type { Brand } from '../../brand/schema';
import type { Queryable } from '../../db/types';

// How many of a brand's listed events each state and each category holds, from the
// filters' summary (migrations 011 and 026: a bucket per month, about 300 rows at
// 1,000,000 events). A search reads a filter that every postings entry carries in one of
// two ways (postings-sql.ts, filterParts), and the one that costs less depends on the
// value's share of the catalog: these counts choose it. They choose how a search reads,
// never what it finds, so they are kept for a while and read again in the background.

/** Listed events by the postings column that carries a filter, and the brand's total. */
export type FilterShares = { total: number; events: (column: string, value: string) => number };

/** How long the counts are used before they are read again. */
const KEPT_MS = 5 * 60_000;

type Held = { shares: FilterShares; at: number; reading?: Promise<void> };
const held = new Map<string, Held>();

/** The counts of the brand's states and categories, from this month's buckets on. */
export async function readFilterShares(db: Queryable, brand: Brand, now: Date): Promise<FilterShares> {
  const rows = await db.query<{ facet: string; value: string; events: number }>(
    `SELECT facet, CASE WHEN facet = 'city-month' THEN lower(state) ELSE value END AS value, sum(events)::int AS events
     FROM listed_event_days
     WHERE brand_id = $1 AND facet IN ('city-month', 'category-month') AND day >= date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC')::date
     GROUP BY 1, 2`,
    [brand.id, now.toISOString()],
  );
  const counts = new Map(rows.map((r) => [`${r.facet === 'city-month' ? 'state_key' : 'category'}|${r.value}`, r.events]));
  // Every listed event with a place is in one city's buckets.
  const total = rows.filter((r) => r.facet === 'city-month').reduce((n, r) => n + r.events, 0);
  return { total, events: (column, value) => counts.get(`${column}|${value}`) ?? 0 };
}

/**
 * The brand's counts as last read from the catalog (`read`), read again in the background
 * once they are older than a few minutes; the first call waits for them.
 */
export async function filterShares(brand: Brand, read: () => Promise<FilterShares>, nowMs = Date.now()): Promise<FilterShares> {
  const entry = held.get(brand.id);
  if (!entry) {
    const shares = await read();
    held.set(brand.id, { shares, at: nowMs });
    return shares;
  }
  if (nowMs - entry.at > KEPT_MS && !entry.reading) {
    entry.reading = read()
      .then((shares) => void held.set(brand.id, { shares, at: nowMs }))
      .catch(() => void (entry.reading = undefined));
  }
  return entry.shares;
}
