import { describe, expect, test } from 'vitest';
import { eventStateOf, type StateFacts } from '../catalog/event-state';
import { savedStateLabel } from './saved-events';

// A saved event says what became of it in the catalog's own words for that state; only an
// event the catalog no longer has gets words of the account's page.

const facts = (over: Partial<StateFacts>): StateFacts => ({
  event_status: 'scheduled',
  is_closed: false,
  starts_at: '2026-12-10T20:00:00-03:00',
  ends_at: null,
  sales_start_at: null,
  previous_starts_at: null,
  timezone: 'America/Sao_Paulo',
  lots: { any: true, available: true },
  ...over,
});
const now = Date.parse('2026-11-23T12:00:00Z');

describe('savedStateLabel', () => {
  test.each([
    ['cancelled', facts({ event_status: 'cancelled' })],
    ['postponed', facts({ event_status: 'postponed' })],
    ['rescheduled', facts({ event_status: 'rescheduled' })],
    ['ended', facts({ starts_at: '2026-11-01T20:00:00-03:00' })],
  ] as const)('%s: the label the event page gives the same state', (state, event) => {
    const catalog = eventStateOf(event, now);
    expect(catalog.key).toBe(state);
    expect(savedStateLabel(state)).toBe(catalog.label);
  });

  test('an event still ahead as announced says nothing; one the catalog no longer has says so', () => {
    expect(savedStateLabel('scheduled')).toBeNull();
    expect(savedStateLabel('withdrawn')).toBe('Retirado do catálogo');
    expect(savedStateLabel('gone')).toBe('Não está mais no catálogo');
  });
});
