import { describe, expect, test } from 'vitest';
import { dateWordsToFilter, readDateWords } from './natural-request';
import { readRequestWords } from '../listing/search-filters';
import { fold } from './search-terms';

// Wednesday 25 November 2026, 09:00 in São Paulo.
const NOW = new Date('2026-11-25T12:00:00Z');
const ZONE = 'America/Sao_Paulo';
const read = (text: string, now = NOW) => readDateWords(fold(text), now, ZONE);

describe('readDateWords: one reader of dates in words, for the site, MCP and A2A', () => {
  test('a period written YYYY-MM-DD, as agents write it', () => {
    expect(read('samba de 2026-12-01 a 2026-12-05')).toEqual({ rest: 'samba', when: { from: '2026-12-01', to: '2026-12-05' } });
    expect(read('jazz from 2026-12-01 to 2026-12-31 em recife')).toEqual({ rest: 'jazz em recife', when: { from: '2026-12-01', to: '2026-12-31' } });
    expect(read('samba de 2026-12-05 a 2026-12-01').when).toBeNull();
  });

  test('relative days', () => {
    expect(read('forró hoje')).toEqual({ rest: 'forro', when: { day: 'today' } });
    expect(read('samba amanhã à noite')).toEqual({ rest: 'samba', when: { day: 'tomorrow' } });
    expect(read('forró neste fim de semana')).toEqual({ rest: 'forro', when: { day: 'this_weekend' } });
    expect(read('este fim de semana em Recife')).toEqual({ rest: 'em recife', when: { day: 'this_weekend' } });
    expect(read('jazz nos próximos 7 dias')).toEqual({ rest: 'jazz', when: { day: 'next_7_days' } });
  });

  test('weekdays: the coming one, today included', () => {
    expect(read('stand up em são paulo sábado')).toEqual({ rest: 'stand up em sao paulo', when: { from: '2026-11-28', to: '2026-11-28' } });
    expect(read('teatro na sexta-feira').when).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(read('no domingo').when).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(read('quarta').when).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(read('on saturday').when).toEqual({ from: '2026-11-28', to: '2026-11-28' });
  });

  test('days and months: the coming ones, into next year when passed', () => {
    expect(read('frevo dia 12')).toEqual({ rest: 'frevo', when: { from: '2026-12-12', to: '2026-12-12' } });
    expect(read('no dia 25').when).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(read('dia 31').when).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(read('12 de janeiro').when).toEqual({ from: '2027-01-12', to: '2027-01-12' });
    expect(read('teatro em dezembro')).toEqual({ rest: 'teatro', when: { from: '2026-12-01', to: '2026-12-31' } });
    // The current month: what is left of it.
    expect(read('em novembro').when).toEqual({ from: '2026-11-25', to: '2026-11-30' });
    expect(read('forró em fevereiro').when).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(read('shows até 20 de dezembro')).toEqual({ rest: 'shows', when: { from: '2026-11-25', to: '2026-12-20' } });
  });

  test('words that are no date stay words', () => {
    expect(read('festival de verão')).toEqual({ rest: 'festival de verao', when: null });
    expect(read('dia das crianças').when).toBeNull();
    expect(read('dia 40').when).toBeNull();
  });

  test("dateWordsToFilter: the catalog's date filter, out of q", () => {
    const params = new URLSearchParams({ q: 'Forró neste fim de semana' });
    expect(dateWordsToFilter(params, NOW, ZONE)).toEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(Object.fromEntries(params)).toEqual({ q: 'forro', date_from: '2026-11-28', date_to: '2026-11-29' });
    const none = new URLSearchParams({ q: 'samba' });
    expect(dateWordsToFilter(none, NOW, ZONE)).toBeNull();
    expect(Object.fromEntries(none)).toEqual({ q: 'samba' });
  });

  test('readRequestWords (A2A): a date, a city to search around and a price from one request', () => {
    const cities = [{ city: 'Recife', state: 'PE', lat: -8.05, lng: -34.9, events: 12 }];
    const read = readRequestWords('forró perto de Recife sábado até 100 reais', { cities, now: NOW, timeZone: ZONE, brl: (c) => `R$ ${c / 100}` });
    expect(read.q).toBe('forro');
    const params = new URLSearchParams();
    read.set(params);
    expect(Object.fromEntries(params)).toEqual({ date_from: '2026-11-28', date_to: '2026-11-28', near: '-8.05,-34.9', price_max: '100' });
    expect(read.notes).toEqual(['em 2026-11-28', 'até 50 km de Recife', 'até R$ 100 com taxas']);
  });

  test('readRequestWords (A2A): a city or a state said is the filter the site sets', () => {
    const cities = [{ city: 'Recife', state: 'PE', lat: -8.05, lng: -34.9, events: 12 }];
    const ctx = { cities, now: NOW, timeZone: ZONE, brl: (c: number) => `R$ ${c / 100}` };
    const read = readRequestWords('Quero um show de samba em Recife neste fim de semana', ctx);
    expect(read.q).toBe('quero um show de samba');
    const params = new URLSearchParams();
    read.set(params);
    expect(Object.fromEntries(params)).toEqual({ city: 'Recife', date_from: '2026-11-28', date_to: '2026-11-29' });
    expect(read.notes).toEqual(['em Recife', 'de 2026-11-28 a 2026-11-29']);
    const state = readRequestWords('frevo em Pernambuco', ctx);
    const stateParams = new URLSearchParams();
    state.set(stateParams);
    expect([state.q, Object.fromEntries(stateParams)]).toEqual(['frevo', { state: 'PE' }]);
  });
});
