import { describe, expect, test } from 'vitest';
import { EVENT_STATE_KEYS, eventStateOf, lotAvailability, lotLabel, type StateFacts } from './event-state';

const NOW = Date.parse('2026-11-23T12:00:00Z');

const facts = (over: Partial<StateFacts> = {}): StateFacts => ({
  event_status: 'scheduled',
  is_closed: false,
  starts_at: '2026-12-05T21:00:00-03:00',
  ends_at: null,
  sales_start_at: null,
  previous_starts_at: null,
  timezone: 'America/Recife',
  lots: { any: true, available: true },
  ...over,
});

const state = (over: Partial<StateFacts> = {}) => eventStateOf(facts(over), NOW);

describe('the state of an event, one rule for every surface', () => {
  test('open with a lot available: on sale, can be bought, InStock', () => {
    expect(state()).toMatchObject({ key: 'on_sale', label: null, sentence: 'Ingressos à venda.', canBuy: true, offersSimilar: false, availability: 'InStock' });
  });
  test('ended: past its end, or a day past its start without one; even when still flagged open', () => {
    expect(state({ starts_at: '2026-11-01T21:00:00-03:00' })).toMatchObject({ key: 'ended', label: 'Já aconteceu', canBuy: false, offersSimilar: true, availability: 'Discontinued' });
    expect(state({ starts_at: '2026-11-01T21:00:00-03:00', ends_at: '2026-11-22T21:00:00-03:00' }).key).toBe('ended');
    expect(state({ starts_at: '2026-11-22T21:00:00-03:00' }).key).toBe('on_sale');
    expect(state({ starts_at: '2026-11-01T21:00:00-03:00' }).sentence).toBe('Este evento já aconteceu: as vendas terminaram.');
  });
  test('sold out: lots, none available, closed or not', () => {
    for (const is_closed of [false, true]) {
      expect(state({ is_closed, lots: { any: true, available: false } })).toMatchObject({
        key: 'sold_out',
        label: 'Esgotado',
        sentence: 'Ingressos esgotados: todos os ingressos foram vendidos.',
        offersSimilar: true,
        availability: 'SoldOut',
      });
    }
  });
  test('paused: closed for sale before the event, with a lot not sold out', () => {
    const paused = state({ is_closed: true });
    expect(paused).toMatchObject({ key: 'paused', label: 'Vendas pausadas', canBuy: false, offersSimilar: false, availability: 'OutOfStock' });
    expect(paused.sentence).toMatch(/^Vendas pausadas: .*podem voltar/);
  });
  test('sales not started: the opening still to come, said with its date in the event’s zone', () => {
    const early = state({ sales_start_at: '2026-12-01T10:00:00-03:00', is_closed: true });
    expect(early).toMatchObject({ key: 'not_started', label: 'Vendas a partir de 1 de dez.', canBuy: false, availability: 'PreOrder', salesStartAt: '2026-12-01T10:00:00-03:00' });
    expect(early.sentence).toBe('As vendas ainda não começaram: abrem em 1 de dezembro de 2026 às 10:00.');
    // Once the opening passed, the other rules decide.
    expect(state({ sales_start_at: '2026-11-01T10:00:00-03:00' }).key).toBe('on_sale');
  });
  test('cancelled wins over every other rule', () => {
    const c = state({ event_status: 'cancelled', starts_at: '2026-11-01T21:00:00-03:00', lots: { any: true, available: false } });
    expect(c).toMatchObject({ key: 'cancelled', label: 'Cancelado', canBuy: false, offersSimilar: true, availability: 'Discontinued' });
    expect(c.sentence).toBe('Evento cancelado: não vai acontecer e nenhum ingresso está à venda.');
  });
  test('postponed: no date yet, nothing on sale, the old date named; its old date passing does not end it', () => {
    const p = state({ event_status: 'postponed', starts_at: '2026-11-01T21:00:00-03:00', previous_starts_at: '2026-11-01T21:00:00-03:00' });
    expect(p).toMatchObject({ key: 'postponed', label: 'Adiado', canBuy: false, availability: 'OutOfStock' });
    expect(p.sentence).toBe('Evento adiado: a nova data ainda será anunciada (estava marcado para 1 de novembro de 2026 às 21:00). Até lá, nenhum ingresso está à venda.');
  });
  test('rescheduled: on sale for the new date; sold out, it says both', () => {
    const r = state({ event_status: 'rescheduled', previous_starts_at: '2026-11-28T21:00:00-03:00' });
    expect(r).toMatchObject({ key: 'rescheduled', label: 'Remarcado', canBuy: true, availability: 'InStock', also: null });
    expect(r.sentence).toBe('Evento remarcado: estava marcado para 28 de novembro de 2026 às 21:00. Ingressos à venda para a nova data.');
    const soldOut = state({ event_status: 'rescheduled', previous_starts_at: '2026-11-28T21:00:00-03:00', lots: { any: true, available: false } });
    expect(soldOut.key).toBe('sold_out');
    expect(soldOut.also).toBe('Evento remarcado: estava marcado para 28 de novembro de 2026 às 21:00.');
  });
  test('no lots: nothing to say on a card, a sentence on the page', () => {
    expect(state({ lots: { any: false, available: false } })).toMatchObject({ key: 'no_tickets', label: null, availability: null });
  });
  test('each state has words of its own', () => {
    const all = [
      state(),
      state({ lots: { any: false, available: false } }),
      state({ starts_at: '2026-11-01T21:00:00-03:00' }),
      state({ lots: { any: true, available: false } }),
      state({ is_closed: true }),
      state({ sales_start_at: '2026-12-01T10:00:00-03:00' }),
      state({ event_status: 'cancelled' }),
      state({ event_status: 'postponed' }),
      state({ event_status: 'rescheduled' }),
    ];
    expect(all.map((s) => s.key)).toEqual([...EVENT_STATE_KEYS]);
    expect(new Set(all.map((s) => s.sentence)).size).toBe(all.length);
  });
  test('a lot: its own sold out first, then the event’s state', () => {
    const labels = (over: Partial<StateFacts>) => [lotLabel(state(over), { available: true }), lotLabel(state(over), { available: false })];
    expect(labels({})).toEqual(['À venda', 'Esgotado']);
    expect(labels({ is_closed: true })).toEqual(['Vendas pausadas', 'Esgotado']);
    expect(labels({ sales_start_at: '2026-12-01T10:00:00-03:00' })).toEqual(['Em breve', 'Esgotado']);
    expect(labels({ starts_at: '2026-11-01T21:00:00-03:00' })).toEqual(['Vendas encerradas', 'Esgotado']);
    expect(labels({ event_status: 'cancelled' })).toEqual(['Cancelado', 'Esgotado']);
    expect(lotAvailability(state({ is_closed: true }), { available: true })).toBe('OutOfStock');
    expect(lotAvailability(state(), { available: false })).toBe('SoldOut');
  });
});
