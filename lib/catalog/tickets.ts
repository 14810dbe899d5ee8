import type { Brand } from '../brand/schema';
import { withDb } from '../db';
import { snapshot } from './snapshot-cache';

export type Lot = { name: string; price_cents: number; fee_cents: number; total_cents: number; available: boolean };
export type Sector = { name: string; lots: Lot[] };

/** Every sector and lot of one event, in their catalog order, with the price including fees. */
export function getEventTickets(brand: Brand, slug: string): Promise<Sector[]> {
  return snapshot(`tickets|${brand.id}|${slug}`, () =>
    withDb(async (db) => {
      const rows = await db.query<{ sector: string; sector_position: number; lot: string; price_cents: number; fee_cents: number; available: boolean }>(
        `SELECT s.name AS sector, s.position AS sector_position, l.name AS lot, l.price_cents, l.fee_cents, l.available
         FROM events e
         JOIN ticket_sectors s ON s.event_id = e.id
         JOIN ticket_lots l ON l.sector_id = s.id
         WHERE e.brand_id = $1 AND e.slug = $2
         ORDER BY s.position, l.position`,
        [brand.id, slug],
      );
      const sectors: Sector[] = [];
      for (const r of rows) {
        let sector = sectors.at(-1);
        if (!sector || sector.name !== r.sector) {
          sector = { name: r.sector, lots: [] };
          sectors.push(sector);
        }
        sector.lots.push({ name: r.lot, price_cents: r.price_cents, fee_cents: r.fee_cents, total_cents: r.price_cents + r.fee_cents, available: r.available });
      }
      return sectors;
    }),
  );
}

/** The lowest price with fees among the lots still on sale, or null when none is. */
export function lowestAvailable(sectors: Sector[]): Lot | null {
  let best: Lot | null = null;
  for (const s of sectors) for (const l of s.lots) if (l.available && (!best || l.total_cents < best.total_cents)) best = l;
  return best;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBrl = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, ' ');
