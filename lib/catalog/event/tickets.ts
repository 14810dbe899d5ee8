// An event's tickets: sectors in their catalog order, each with its lots and the price
// including fees.

export type Lot = { name: string; price_cents: number; fee_cents: number; total_cents: number; available: boolean };
export type Sector = { name: string; lots: Lot[] };

/** One lot as the catalog lists it, with its sector's name (read in sector, then lot, order). */
export type TicketRow = { sector: string; lot: string; price_cents: number; fee_cents: number; available: boolean };

/** Lots in catalog order as sectors: consecutive lots of one sector's name make one sector. */
export function sectorsOf(rows: readonly TicketRow[]): Sector[] {
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
}

/** The lowest price with fees among the lots still on sale, or null when none is. */
export function lowestAvailable(sectors: Sector[]): Lot | null {
  let best: Lot | null = null;
  for (const s of sectors) for (const l of s.lots) if (l.available && (!best || l.total_cents < best.total_cents)) best = l;
  return best;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBrl = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, ' ');
