import { describe, expect, test } from 'vitest';
import { isTimeZone, offsetMinutes, toZonedRfc3339, zonedTimeToInstant } from './time';

describe('toZonedRfc3339', () => {
  const instant = new Date('2026-12-06T00:00:00Z');
  test.each([
    ['America/Sao_Paulo', '2026-12-05T21:00:00-03:00'],
    ['America/Recife', '2026-12-05T21:00:00-03:00'],
    ['America/Manaus', '2026-12-05T20:00:00-04:00'],
    ['America/Cuiaba', '2026-12-05T20:00:00-04:00'],
    ['America/Rio_Branco', '2026-12-05T19:00:00-05:00'],
    ['Asia/Kolkata', '2026-12-06T05:30:00+05:30'],
    ['UTC', '2026-12-06T00:00:00+00:00'],
  ])('%s → %s', (tz, expected) => {
    expect(toZonedRfc3339(instant, tz)).toBe(expected);
  });

  test.each([null, undefined, '', 'Mars/Olympus'])('without a valid zone (%s) it is UTC with Z', (tz) => {
    expect(toZonedRfc3339(instant, tz)).toBe('2026-12-06T00:00:00Z');
  });

  test('the wall clock follows daylight saving where a zone has it', () => {
    expect(toZonedRfc3339(new Date('2026-07-01T12:00:00Z'), 'Europe/Lisbon')).toBe('2026-07-01T13:00:00+01:00');
    expect(toZonedRfc3339(new Date('2026-01-01T12:00:00Z'), 'Europe/Lisbon')).toBe('2026-01-01T12:00:00+00:00');
  });

  test('the text parses back to the same instant', () => {
    for (const tz of ['America/Sao_Paulo', 'America/Manaus', 'Asia/Kolkata']) {
      const t = new Date('2027-03-04T05:06:07Z');
      expect(new Date(toZonedRfc3339(t, tz)).getTime()).toBe(t.getTime());
    }
  });
});

describe('zonedTimeToInstant and offsetMinutes', () => {
  test('local wall-clock time in a zone becomes the right instant', () => {
    expect(zonedTimeToInstant('2026-12-05T21:00:00', 'America/Sao_Paulo').toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-05T21:00:00', 'America/Manaus').toISOString()).toBe('2026-12-06T01:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-01T13:00:00', 'Europe/Lisbon').toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });

  test('offsets in minutes east of UTC', () => {
    const t = new Date('2026-12-01T00:00:00Z');
    expect(offsetMinutes(t, 'America/Sao_Paulo')).toBe(-180);
    expect(offsetMinutes(t, 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(t, 'UTC')).toBe(0);
  });

  test('isTimeZone knows IANA names', () => {
    expect(isTimeZone('America/Belem')).toBe(true);
    expect(isTimeZone('America/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
