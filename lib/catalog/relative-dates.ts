import type { Brand } from '../brand/schema';

// Dates relative to today ("hoje", "este fim de semana"), stated in the brand's time zone:
// the calendar days they name are then matched in each event's own zone (date_from, date_to).

/** The time zone of a brand's relative dates: its own, or Brasília time. */
export const DEFAULT_BRAND_TIME_ZONE = 'America/Sao_Paulo';
export const brandTimeZone = (brand: Brand): string => brand.timezone ?? DEFAULT_BRAND_TIME_ZONE;

export const RELATIVE_DAYS = ['today', 'tomorrow', 'this_weekend', 'next_7_days'] as const;
export type RelativeDay = (typeof RELATIVE_DAYS)[number];

/** Today's calendar day (YYYY-MM-DD) in a time zone. */
export function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The first and last calendar day of a relative date. The weekend is Saturday and Sunday:
 * the coming one on a weekday, the current one on Saturday, and Sunday alone on Sunday.
 */
export function relativeRange(when: RelativeDay, now: Date, timeZone: string): { from: string; to: string } {
  const today = localToday(now, timeZone);
  switch (when) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'next_7_days':
      return { from: today, to: addDays(today, 6) };
    case 'this_weekend': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
      if (weekday === 0) return { from: today, to: today };
      const saturday = addDays(today, 6 - weekday);
      return { from: saturday, to: addDays(saturday, 1) };
    }
  }
}
