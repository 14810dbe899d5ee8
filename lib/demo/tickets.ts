import type { Faker } from '@faker-js/faker';
import type { EventRecordInput } from '../catalog/record';
import { SECTORS } from './places';

// A demo event's sectors and lots, with their prices and fees.

export function sectors(f: Faker, online: boolean): NonNullable<EventRecordInput['sectors']> {
  const chosen = online ? [{ name: 'Acesso online', base: 3000 }] : f.helpers.arrayElements(SECTORS, { min: 1, max: 3 });
  return chosen.map((s) => {
    const lots = f.number.int({ min: 1, max: 3 });
    return {
      name: s.name,
      lots: Array.from({ length: lots }, (_, i) => {
        const price = Math.round((s.base * (1 + i * 0.2) * f.number.float({ min: 0.8, max: 1.3 })) / 100) * 100;
        return {
          name: `${i + 1}º lote`,
          price_cents: price,
          fee_cents: Math.round(price * 0.1),
          available: i === lots - 1 || f.datatype.boolean(0.3),
        };
      }),
    };
  });
}

/** The same tickets at no cost. */
export const freeOf = (list: NonNullable<EventRecordInput['sectors']>) =>
  list.map((sector) => ({ ...sector, lots: sector.lots.map((l) => ({ ...l, price_cents: 0, fee_cents: 0 })) }));

/** The same tickets, every lot sold out when the event is. */
export const soldOutOf = (soldOut: boolean, list: NonNullable<EventRecordInput['sectors']>) =>
  soldOut ? list.map((sector) => ({ ...sector, lots: sector.lots.map((l) => ({ ...l, available: false })) })) : list;
