import { describe, expect, test } from 'vitest';
import { eventCount, eventCountWords, unmatchedSentence } from './count-text';

describe('event counts in words', () => {
  test('an exact count is the number, singular for one', () => {
    expect(eventCount({ total: 0, total_relation: 'eq' })).toBe('0 eventos');
    expect(eventCount({ total: 1, total_relation: 'eq' })).toBe('1 evento');
    expect(eventCount({ total: 1020, total_relation: 'eq' })).toBe('1.020 eventos');
    expect(eventCountWords({ total: 1020, total_relation: 'eq' })).toBe('1.020 eventos');
  });
  test('a count at its cap reads as a lower bound', () => {
    expect(eventCount({ total: 1020, total_relation: 'gte' })).toBe('1.020+ eventos');
    expect(eventCountWords({ total: 1020, total_relation: 'gte' })).toBe('mais de 1.000 eventos');
    expect(eventCountWords({ total: 10_050, total_relation: 'gte' })).toBe('mais de 10.000 eventos');
    expect(eventCountWords({ total: 1000, total_relation: 'gte' })).toBe('1.000 eventos ou mais');
    expect(eventCountWords({ total: 1, total_relation: 'gte' })).toBe('1 eventos ou mais');
  });
});

describe('words no event has together', () => {
  test('are quoted and listed', () => {
    expect(unmatchedSentence(['forró', 'Recife'])).toBe('Nenhum evento tem “forró” e “Recife” juntos: abaixo, os que têm parte dessas palavras.');
    expect(unmatchedSentence(['curso', 'fotografia', 'online'])).toBe('Nenhum evento tem “curso”, “fotografia” e “online” juntos: abaixo, os que têm parte dessas palavras.');
  });
});
