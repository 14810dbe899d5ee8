import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import { snapshot } from '../snapshot-cache';

/**
 * What a listing card needs of an event's tickets: the lowest price with fees on sale (null
 * when no lot is), the lowest that is not free (null when none is: a free event), and
 * whether any lot exists.
 */
export type CardPrice = { lowest_total_cents: number | null; lowest_paid_cents: number | null; has_lots: boolean };

/**
 * The card prices of a page of events, by event id, in one query (through the lot
 * index of each listed event), kept for the snapshot window like the listing itself.
 */
export function getCardPrices(brand: Brand, eventIds: number[]): Promise<Map<number, CardPrice>> {
  if (eventIds.length === 0) return Promise.resolve(new Map());
  const ids = [...eventIds].sort((a, b) => a - b);
  return snapshot(`card-prices|${brand.id}|${ids.join(',')}`, () =>
    withDb(async (db) => {
      const rows = await db.query<{ id: number; lowest: number | null; paid: number | null; lots: number }>(
        `SELECT e.id::int AS id,
                MIN(l.price_cents + l.fee_cents) FILTER (WHERE l.available)::int AS lowest,
                MIN(l.price_cents + l.fee_cents) FILTER (WHERE l.available AND l.price_cents + l.fee_cents > 0)::int AS paid,
                COUNT(l.id)::int AS lots
         FROM events e
         LEFT JOIN ticket_sectors s ON s.event_id = e.id
         LEFT JOIN ticket_lots l ON l.sector_id = s.id
         WHERE e.brand_id = $1 AND e.id = ANY($2::bigint[])
         GROUP BY e.id`,
        [brand.id, ids],
      );
      return new Map(rows.map((r) => [Number(r.id), { lowest_total_cents: r.lowest === null ? null : Number(r.lowest), lowest_paid_cents: r.paid === null ? null : Number(r.paid), has_lots: Number(r.lots) > 0 }]));
    }),
  );
}
