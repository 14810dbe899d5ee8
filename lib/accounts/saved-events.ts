import { STATE_LABELS, type EventStateKey } from '../catalog/event-state';
import { isSlug } from '../catalog/record';
import type { Db, Queryable } from '../db/types';

// Events a person saved (migration 018-saved-events), named by brand and slug as the
// catalog names them: a re-import keeps them, and a withdrawn or cancelled event stays
// on the list saying what became of it, until its person removes it.

/** How many events one account keeps: a page of them, and a bound on what one person can write. */
export const SAVED_MAX = 100;

/**
 * What became of a saved event: still ahead as announced, one of the catalog's states
 * (lib/catalog/event-state.ts), or no longer in the catalog: withdrawn by an import, or
 * gone without a word.
 */
export type SavedState = 'scheduled' | Extract<EventStateKey, 'cancelled' | 'postponed' | 'rescheduled' | 'ended'> | 'withdrawn' | 'gone';

/** Words for an event the catalog no longer has, which has no state there. */
const LEFT_CATALOG = { withdrawn: 'Retirado do catálogo', gone: 'Não está mais no catálogo' } as const;

/** What became of a saved event, in a word or two (the catalog's label of its state); nothing for one still ahead as announced. */
export function savedStateLabel(state: SavedState): string | null {
  if (state === 'scheduled') return null;
  if (state === 'withdrawn' || state === 'gone') return LEFT_CATALOG[state];
  return STATE_LABELS[state];
}

export type SavedEvent = {
  slug: string;
  name: string;
  state: SavedState;
  startsAt: Date | null;
  timezone: string | null;
  savedAt: Date;
};

export type SaveOutcome = 'saved' | 'already_saved' | 'full' | 'unknown_event';

/**
 * Saves the brand's event `slug` for the account: only an event the catalog lists now, at
 * most SAVED_MAX per account (the account's row is locked meanwhile, so two saves at once
 * cannot both take the last place). Saving one already saved changes nothing.
 */
export async function saveEvent(db: Db, account: { id: string; brandId: string }, slug: string): Promise<SaveOutcome> {
  if (!isSlug(slug)) return 'unknown_event';
  return db.transaction(async (tx) => {
    const [held] = await tx.query<{ count: string; saved: boolean }>(
      `SELECT (SELECT count(*) FROM saved_events WHERE account_id = a.id)::text AS count,
              EXISTS (SELECT 1 FROM saved_events WHERE account_id = a.id AND slug = $2) AS saved
       FROM accounts a WHERE a.id = $1 FOR UPDATE`,
      [account.id, slug],
    );
    if (!held) return 'unknown_event';
    if (held.saved) return 'already_saved';
    if (Number(held.count) >= SAVED_MAX) return 'full';
    const inserted = await tx.query(
      `INSERT INTO saved_events (account_id, brand_id, slug, name)
       SELECT $1, e.brand_id, e.slug, e.name FROM events e WHERE e.brand_id = $2 AND e.slug = $3
       ON CONFLICT (account_id, slug) DO NOTHING RETURNING slug`,
      [account.id, account.brandId, slug],
    );
    return inserted.length > 0 ? 'saved' : 'unknown_event';
  });
}

type Row = {
  slug: string;
  name: string;
  event_status: string | null;
  listed: boolean;
  ended: boolean | null;
  withdrawn: boolean;
  starts_at: Date | string | null;
  timezone: string | null;
  saved_at: Date | string;
};

function stateOf(r: Row): SavedState {
  if (!r.listed) return r.withdrawn ? 'withdrawn' : 'gone';
  if (r.event_status === 'cancelled' || r.event_status === 'postponed' || r.event_status === 'rescheduled') return r.event_status;
  return r.ended ? 'ended' : 'scheduled';
}

/**
 * The account's saved events with what they are now: events still ahead first, by their
 * start, then those over, cancelled, withdrawn or gone; one statement, bounded by SAVED_MAX.
 */
export async function listSavedEvents(db: Queryable, accountId: string): Promise<SavedEvent[]> {
  const rows = await db.query<Row>(
    `SELECT s.slug, coalesce(e.name, s.name) AS name, e.event_status, e.id IS NOT NULL AS listed,
            e.listed_until <= now() AS ended, w.slug IS NOT NULL AS withdrawn,
            e.starts_at, e.timezone, s.saved_at
     FROM saved_events s
     LEFT JOIN events e ON e.brand_id = s.brand_id AND e.slug = s.slug
     LEFT JOIN event_withdrawals w ON w.brand_id = s.brand_id AND w.slug = s.slug
     WHERE s.account_id = $1
     ORDER BY (e.id IS NULL OR e.listed_until <= now() OR e.event_status = 'cancelled'), e.starts_at NULLS LAST, s.saved_at DESC, s.slug
     LIMIT $2`,
    [accountId, SAVED_MAX],
  );
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    state: stateOf(r),
    startsAt: r.starts_at === null ? null : new Date(r.starts_at),
    timezone: r.timezone,
    savedAt: new Date(r.saved_at),
  }));
}

/** Removes a saved event of the account; false when it was not saved. */
export async function removeSavedEvent(db: Queryable, accountId: string, slug: string): Promise<boolean> {
  if (!isSlug(slug)) return false;
  const rows = await db.query('DELETE FROM saved_events WHERE account_id = $1 AND slug = $2 RETURNING slug', [accountId, slug]);
  return rows.length > 0;
}
