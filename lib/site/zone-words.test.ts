import { describe, expect, test } from 'vitest';
import { zoneWords } from './zone-words';

const AT = new Date('2026-12-05T23:00:00Z');

describe('time zones in plain words', () => {
  test('every zone on Brasília’s clock is "horário de Brasília", whatever city names it', () => {
    // João Pessoa's zone is America/Fortaleza; Recife's, Maceió's, Salvador's, Belém's their own.
    for (const zone of ['America/Sao_Paulo', 'America/Fortaleza', 'America/Recife', 'America/Bahia', 'America/Maceio', 'America/Belem', 'America/Araguaina', 'America/Santarem']) {
      expect(zoneWords(zone, AT), zone).toBe('horário de Brasília');
    }
    expect(zoneWords(null, AT)).toBe('horário de Brasília');
  });

  test('zones on another clock say their place and their offset', () => {
    expect(zoneWords('America/Manaus', AT)).toBe('horário de Manaus (UTC−4)');
    expect(zoneWords('America/Cuiaba', AT)).toBe('horário de Cuiabá (UTC−4)');
    expect(zoneWords('America/Campo_Grande', AT)).toBe('horário de Campo Grande (UTC−4)');
    expect(zoneWords('America/Porto_Velho', AT)).toBe('horário de Porto Velho (UTC−4)');
    expect(zoneWords('America/Boa_Vista', AT)).toBe('horário de Boa Vista (UTC−4)');
    expect(zoneWords('America/Rio_Branco', AT)).toBe('horário do Acre (UTC−5)');
    expect(zoneWords('America/Eirunepe', AT)).toBe('horário do Acre (UTC−5)');
    expect(zoneWords('America/Noronha', AT)).toBe('horário de Fernando de Noronha (UTC−2)');
  });

  test('no IANA name in the words; a zone abroad keeps its own offset at the event’s date', () => {
    for (const zone of ['America/Fortaleza', 'America/Manaus', 'America/Rio_Branco', 'Europe/Lisbon']) expect(zoneWords(zone, AT)).not.toMatch(/\//);
    // Lisbon keeps summer time in July and not in December.
    expect(zoneWords('Europe/Lisbon', AT)).toBe('horário de Lisbon (UTC)');
    expect(zoneWords('Europe/Lisbon', new Date('2026-07-01T12:00:00Z'))).toBe('horário de Lisbon (UTC+1)');
    expect(zoneWords('Asia/Kolkata', AT)).toBe('horário de Kolkata (UTC+5:30)');
    // A zone that keeps UTC−3 outside Brazil is not Brasília's.
    expect(zoneWords('America/Argentina/Buenos_Aires', AT)).toBe('horário de Buenos Aires (UTC−3)');
    expect(zoneWords('Not/AZone', AT)).toBe('horário de AZone');
  });
});
