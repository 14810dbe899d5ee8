import { describe, expect, test } from 'vitest';
import { priceLine } from './card-price';

const open = { is_closed: false };
const scheduled = { event_status: 'scheduled' as const };

describe('a card’s price line', () => {
  test('a free event reads "Grátis", without a price or fees', () => {
    expect(priceLine(open, { lowest_total_cents: 0, lowest_paid_cents: null, has_lots: true }, scheduled)).toEqual({ text: 'Grátis', closed: false, fees: false });
  });

  test('free tickets beside paid ones: "Grátis", then the lowest paid price with fees', () => {
    const line = priceLine(open, { lowest_total_cents: 0, lowest_paid_cents: 5500, has_lots: true }, scheduled)!;
    expect(line.text.replace(/\s/g, ' ')).toBe('Grátis; outros a partir de R$ 55,00');
    expect(line.fees).toBe(true);
  });

  test('a paid event: its lowest price with fees; sold out, closed and cancelled as before', () => {
    expect(priceLine(open, { lowest_total_cents: 12050, lowest_paid_cents: 12050, has_lots: true }, scheduled)!.text.replace(/\s/g, ' ')).toBe('a partir de R$ 120,50');
    expect(priceLine(open, { lowest_total_cents: null, lowest_paid_cents: null, has_lots: true }, scheduled)).toEqual({ text: 'Esgotado', closed: true, fees: false });
    expect(priceLine({ is_closed: true }, { lowest_total_cents: 0, lowest_paid_cents: null, has_lots: true }, scheduled)!.text).toBe('Vendas encerradas');
    expect(priceLine(open, { lowest_total_cents: 0, lowest_paid_cents: null, has_lots: true }, { event_status: 'cancelled' })).toBeNull();
    expect(priceLine(open, { lowest_total_cents: null, lowest_paid_cents: null, has_lots: false }, scheduled)).toBeNull();
  });
});
