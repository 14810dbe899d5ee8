import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isTimeZone, offsetMinutes, toZonedRfc3339, zonedDateFormat, zonedTimeToInstant } from './time';

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

  test('zones follow their history, not a fixed offset: São Paulo kept daylight saving until 2019', () => {
    expect(toZonedRfc3339(new Date('2018-12-01T12:00:00Z'), 'America/Sao_Paulo')).toBe('2018-12-01T10:00:00-02:00');
    expect(toZonedRfc3339(new Date('2018-12-01T12:00:00Z'), 'America/Recife')).toBe('2018-12-01T09:00:00-03:00');
  });

  test('midnight is 00, never 24, and sub-second digits are dropped in both forms', () => {
    expect(toZonedRfc3339(new Date('2026-12-06T03:00:00Z'), 'America/Sao_Paulo')).toBe('2026-12-06T00:00:00-03:00');
    expect(toZonedRfc3339(new Date('2026-12-06T03:00:00.999Z'), 'America/Sao_Paulo')).toBe('2026-12-06T00:00:00-03:00');
    expect(toZonedRfc3339(new Date('2026-12-06T03:00:00.999Z'), null)).toBe('2026-12-06T03:00:00Z');
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

  const BRAZIL = ['America/Sao_Paulo', 'America/Manaus', 'America/Recife', 'America/Cuiaba', 'America/Belem', 'America/Noronha', 'America/Rio_Branco'];

  test('round trip: local time → instant → the same local time, in every Brazilian zone', () => {
    for (const tz of BRAZIL) {
      for (const local of ['2026-01-01T00:00:00', '2026-02-28T23:59:59', '2026-06-15T14:00:00', '2026-12-31T21:30:00']) {
        const instant = zonedTimeToInstant(local, tz);
        expect(toZonedRfc3339(instant, tz).slice(0, 19), `${tz} ${local}`).toBe(local);
      }
    }
  });

  test('round trip (property): any whole-second instant → zoned text → zonedTimeToInstant gives it back', () => {
    // Brazil has had no daylight saving since 2019, so every local time is unambiguous.
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01T00:00:00Z') / 1000, max: Date.parse('2040-01-01T00:00:00Z') / 1000 }),
        fc.constantFrom(...BRAZIL, 'UTC', 'Asia/Kolkata'),
        (seconds, tz) => {
          const instant = new Date(seconds * 1000);
          const text = toZonedRfc3339(instant, tz);
          expect(new Date(text).getTime()).toBe(instant.getTime());
          expect(zonedTimeToInstant(text.slice(0, 19), tz).getTime()).toBe(instant.getTime());
        },
      ),
      { numRuns: 500 },
    );
  });

  test('the same text as Intl gives, instant by instant, across daylight saving changes and odd offsets', () => {
    // Intl alone, instant by instant: the reference for the day's offsets kept in memory.
    const reference = (instant: Date, tz: string) => {
      const parts: Record<string, string> = {};
      const f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' });
      for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
      const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
    };
    const zones = ['America/Sao_Paulo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'UTC'];
    // Each second around the changes of 2018 (São Paulo), 2026 (New York, London, Lord Howe, Chatham).
    const changes = ['2018-11-04T03:00:00Z', '2019-02-17T02:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z', '2026-04-04T14:00:00Z', '2026-09-26T14:00:00Z'];
    for (const tz of zones) {
      for (const change of changes) {
        for (let s = -3; s <= 3; s++) {
          const instant = new Date(Date.parse(change) + s * 1000);
          expect(toZonedRfc3339(instant, tz), `${tz} ${instant.toISOString()}`).toBe(reference(instant, tz));
        }
      }
    }
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1900-01-01T00:00:00Z'), max: Date.parse('2060-01-01T00:00:00Z') }),
        fc.constantFrom(...zones, ...BRAZIL),
        (ms, tz) => {
          const instant = new Date(ms);
          expect(toZonedRfc3339(instant, tz)).toBe(reference(instant, tz));
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('offsets in minutes east of UTC', () => {
    const t = new Date('2026-12-01T00:00:00Z');
    expect(offsetMinutes(t, 'America/Sao_Paulo')).toBe(-180);
    expect(offsetMinutes(t, 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(t, 'UTC')).toBe(0);
  });

  test('isTimeZone knows IANA names', () => {
    for (const tz of ['America/Belem', 'America/Sao_Paulo', 'America/Manaus', 'America/Recife', 'America/Cuiaba', 'UTC']) {
      expect(isTimeZone(tz), tz).toBe(true);
    }
    expect(isTimeZone('Brasil/Sao Paulo')).toBe(false);
    expect(isTimeZone('America/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('zonedDateFormat', () => {
  test('builds one formatter per zone and formats in that zone', () => {
    const day = zonedDateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    const at = new Date('2026-11-29T01:30:00Z');
    expect(day('America/Sao_Paulo').format(at)).toBe('2026-11-28');
    expect(day('UTC').format(at)).toBe('2026-11-29');
    expect(day('America/Sao_Paulo')).toBe(day('America/Sao_Paulo'));
    expect(day('UTC')).not.toBe(day('America/Sao_Paulo'));
  });

  test('a zone Intl does not know throws each time and is not kept', () => {
    const day = zonedDateFormat('en-CA', { year: 'numeric' });
    expect(() => day('Mars/Olympus')).toThrow(RangeError);
    expect(() => day('Mars/Olympus')).toThrow(RangeError);
  });
});
