import type { Brand } from '../../brand/schema';
import { zonedDateFormat } from '../time';

// Dates relative to today ("hoje", "este fim de semana"), stated in the brand's time zone:
// the calendar days they name are then matched in each event's own zone (date_from, date_to).

/** The time zone of a brand's relative dates: its own, or Brasília time. */
export const DEFAULT_BRAND_TIME_ZONE = 'America/Sao_Paulo';
export const brandTimeZone = (brand: Brand): string => brand.timezone ?? DEFAULT_BRAND_TIME_ZONE;

export const RELATIVE_DAYS = ['today', 'tomorrow', 'this_weekend', 'next_7_days'] as const;
export type RelativeDay = (typeof RELATIVE_DAYS)[number];

const dayFormat = zonedDateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar day (YYYY-MM-DD) in a time zone. */
export function localToday(now: Date, timeZone: string): string {
  return dayFormat(timeZone).format(now);
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

/** A date read from words: a relative day, or calendar days (YYYY-MM-DD) named outright. */
export type DateWish = { day: RelativeDay } | { from: string; to: string };

/** The first and last calendar day of a date wish, in a time zone. */
export function wishRange(wish: DateWish, now: Date, timeZone: string): { from: string; to: string } {
  return 'day' in wish ? relativeRange(wish.day, now, timeZone) : { from: wish.from, to: wish.to };
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The coming day of a weekday (0 Sunday … 6 Saturday): today when it is that day. */
export function nextWeekday(weekday: number, now: Date, timeZone: string): string {
  const today = localToday(now, timeZone);
  const current = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, (weekday - current + 7) % 7);
}

/**
 * A month (1-12) named without a year: the rest of it when it is the current month, the
 * coming one otherwise (next year's when this year's has passed).
 */
export function monthRange(month: number, now: Date, timeZone: string): { from: string; to: string } {
  const today = localToday(now, timeZone);
  const [year, current] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const y = month < current ? year + 1 : year;
  const to = `${y}-${pad(month)}-${pad(daysInMonth(y, month))}`;
  return { from: month === current ? today : `${y}-${pad(month)}-01`, to };
}

/**
 * A day of the month (and a month, 1-12, when one is named) without a year: the coming
 * one, today included. Null for a day no month of the next year has.
 */
export function nextDate(day: number, month: number | null, now: Date, timeZone: string): string | null {
  const today = localToday(now, timeZone);
  let [y, m] = [Number(today.slice(0, 4)), month ?? Number(today.slice(5, 7))];
  for (let i = 0; i < 13; i++) {
    const date = `${y}-${pad(m)}-${pad(day)}`;
    if (day >= 1 && day <= daysInMonth(y, m) && date >= today) return date;
    if (month === null) [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    else y++;
    if (month !== null && i > 4) break;
  }
  return null;
}
