import { z } from 'zod';
import { dateWordsToFilter, readDateWords } from '../search/natural-request';
import { brandTimeZone, RELATIVE_DAYS, relativeRange, wishRange, type RelativeDay } from '../search/relative-dates';
import { copyArgs, defineFilter, first, type Add } from './declaration';

// The calendar days on which events start, in each event's own time zone, inclusive.

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

/** The date chips of the website's form ("quando"): value, label and the relative date it stands for. */
export const WHEN_CHIPS: ReadonlyArray<{ value: string; label: string; day: RelativeDay | null }> = [
  { value: '', label: 'Qualquer data', day: null },
  { value: 'hoje', label: 'Hoje', day: 'today' },
  { value: 'amanha', label: 'Amanhã', day: 'tomorrow' },
  { value: 'fim-de-semana', label: 'Este fim de semana', day: 'this_weekend' },
  { value: '7-dias', label: 'Próximos 7 dias', day: 'next_7_days' },
  { value: 'periodo', label: 'Período', day: null },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string): string | null => {
  const date = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
};
// A day (YYYY-MM-DD) is written as the calendar day it names: its formats are in UTC, each built once.
const utcFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', ...options });
const shortDay = utcFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const longMonth = utcFormat({ month: 'long', year: 'numeric' });
const shortDate = utcFormat({ day: 'numeric', month: 'short' });
const format = (value: string, f: Intl.DateTimeFormat) => f.format(new Date(`${value}T00:00:00Z`));
/** "sáb., 28 de nov." */
const dayLabel = (value: string) => format(value, shortDay);
const lastOfMonth = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** A period in words: one day, a whole month ("Dezembro de 2026"), or "28 de nov. a 3 de dez.". */
function periodLabel(from: string, to: string): string {
  if (from === to) return dayLabel(from);
  if (from.endsWith('-01') && to === lastOfMonth(from)) {
    const month = format(from, longMonth);
    return month.charAt(0).toUpperCase() + month.slice(1);
  }
  return `${format(from, shortDate)} a ${format(to, shortDate)}`;
}

/** The earliest instant at which an event can start on the day `from` in some zone (14 h ahead of UTC at most). */
const earliestStart = (from: string) => `((${from}::date - interval '14 hours') AT TIME ZONE 'UTC')`;

/**
 * A day as conditions on a start read through the start index: a range widened by the
 * most any zone is ahead of (14 h) or behind (12 h) UTC; the zone's own day decides, and
 * is worked out (`own`) only for starts within that margin of either end (the others are
 * inside whatever their zone).
 */
function dayConditions(start: string, from: string | undefined, to: string | undefined, own: (day: string, test: string) => string): string[] {
  const conds: string[] = [];
  if (from) {
    conds.push(`${start} >= ${earliestStart(from)}`);
    conds.push(`(${start} >= ((${from}::date + interval '12 hours') AT TIME ZONE 'UTC') OR ${own(from, '>=')})`);
  }
  if (to) {
    conds.push(`${start} < ((${to}::date + 1 + interval '12 hours') AT TIME ZONE 'UTC')`);
    conds.push(`(${start} < ((${to}::date + 1 - interval '14 hours') AT TIME ZONE 'UTC') OR ${own(to, '<=')})`);
  }
  return conds;
}

type Dates = { dateFrom?: string; dateTo?: string };
const bound = (v: Dates, add: Add) => [v.dateFrom ? add(v.dateFrom) : undefined, v.dateTo ? add(v.dateTo) : undefined] as const;

export const dates = defineFilter<Dates>()({
  name: 'dates',
  summary: 'First and last calendar day of the start, in the event\'s own time zone, inclusive.',
  api: true,
  doc: {
    date_from: z.string().optional().meta({
      description: 'First calendar day (YYYY-MM-DD) on which listed events start, in each event\'s own time zone; inclusive. An impossible date is 400 `invalid_date`.',
      example: '2026-12-05',
    }),
    date_to: z.string().optional().meta({
      description: 'Last calendar day (YYYY-MM-DD) on which listed events start, in each event\'s own time zone; inclusive. Before `date_from`: 400 `invalid_date_range`.',
      example: '2026-12-07',
    }),
  },
  params: ['date_from', 'date_to'],
  problems: {
    invalid_date: { title: 'Invalid date', about: 'date_from or date_to is not a calendar date written YYYY-MM-DD.', when: '`date_from` or `date_to` is not a calendar date written `YYYY-MM-DD`.' },
    invalid_date_range: { title: 'Invalid date range', about: 'date_to is before date_from.', when: '`date_to` is before `date_from`.' },
  },
  read: (params, { fail }) => {
    const [dateFrom, dateTo] = (['date_from', 'date_to'] as const).map((name) => {
      const value = first(params, name);
      if (value === undefined || isCalendarDate(value)) return value;
      fail('invalid_date', `${name} must be a calendar date written YYYY-MM-DD; "${value.slice(0, 40)}" is not one.`);
      return undefined;
    });
    if (dateFrom && dateTo && dateTo < dateFrom) {
      fail('invalid_date_range', `date_to (${dateTo}) is before date_from (${dateFrom}).`);
      return {};
    }
    return { dateFrom, dateTo };
  },
  key: (v) => `${v.dateFrom ?? ''}|${v.dateTo ?? ''}`,
  active: (v) => Boolean(v.dateFrom || v.dateTo),
  sql: {
    columns: ['timezone'],
    where: (v, add) => {
      const [from, to] = bound(v, add);
      return dayConditions('e.starts_at', from, to, (d, test) => `(e.starts_at AT TIME ZONE coalesce(e.timezone, 'UTC'))::date ${test} ${d}::date`);
    },
    startsFrom: (v, add) => (v.dateFrom ? earliestStart(add(v.dateFrom)) : null),
    // On a walked entry, the event's own day is a probe of the start index, which carries the zone.
    entry: (v, add) => {
      const [from, to] = bound(v, add);
      return dayConditions(
        'p.starts_at',
        from,
        to,
        (d, test) => `EXISTS (SELECT 1 FROM events x WHERE x.brand_id = $1 AND x.starts_at = p.starts_at AND x.id = p.event_id
       AND (x.starts_at AT TIME ZONE coalesce(x.timezone, 'UTC'))::date ${test} ${d}::date OFFSET 0)`,
      );
    },
  },
  site: {
    fields: ['quando', 'date_from', 'date_to'],
    order: 6,
    chip: (form) => {
      const v = (name: string) => form.get(name)?.trim() ?? '';
      const chip = WHEN_CHIPS.find((c) => c.value === v('quando') && c.day);
      if (chip) return chip.label;
      const [from, to] = [day(v('date_from')), day(v('date_to'))];
      if (from && to) return periodLabel(from, to);
      if (from) return `A partir de ${dayLabel(from)}`;
      if (to) return `Até ${dayLabel(to)}`;
      return null;
    },
    drop: () => 'Em qualquer data',
    // The date chips ("quando") are relative dates in the brand's time zone.
    toParams: (form, params, { brand, now }) => {
      const chip = WHEN_CHIPS.find((c) => c.value === form.get('quando'));
      if (chip?.day) {
        const range = relativeRange(chip.day, now, brandTimeZone(brand));
        params.set('date_from', range.from);
        params.set('date_to', range.to);
      }
    },
    words: (folded, form, next, { brand, now }) => {
      if (form.get('quando') || form.get('date_from') || form.get('date_to')) return null;
      const timeZone = brandTimeZone(brand);
      const said = readDateWords(folded, now, timeZone);
      if (!said.when) return null;
      const when = said.when;
      const chip = 'day' in when ? WHEN_CHIPS.find((c) => c.day === when.day) : undefined;
      if (chip) next.set('quando', chip.value);
      else {
        const range = wishRange(when, now, timeZone);
        next.set('quando', 'periodo');
        next.set('date_from', range.from);
        next.set('date_to', range.to);
      }
      return said.rest;
    },
  },
  mcp: {
    input: ({ today, timeZone }) => ({
      when: z
        .enum(RELATIVE_DAYS)
        .optional()
        .describe(
          `Events starting on a day relative to today (${today}, time zone ${timeZone}): today, tomorrow, this_weekend (the coming Saturday and Sunday) or next_7_days (today and the 6 days after). Overrides date_from and date_to.`,
        ),
      date_from: z.string().regex(DAY).optional().describe(`First day (YYYY-MM-DD) on which events start, in each event's local time; inclusive. Today is ${today}.`),
      date_to: z.string().regex(DAY).optional().describe('Last day (YYYY-MM-DD) on which events start, in local time; inclusive.'),
    }),
    toParams: (args, params, { now, timeZone }) => {
      copyArgs(args, params, ['date_from', 'date_to']);
      if (args.when) {
        const range = relativeRange(args.when as RelativeDay, now, timeZone);
        params.set('date_from', range.from);
        params.set('date_to', range.to);
      }
    },
    // A date in the words ("sábado", "em dezembro") is a filter, unless one is given.
    words: (params, { now, timeZone }) => {
      if (!params.has('date_from') && !params.has('date_to')) dateWordsToFilter(params, now, timeZone);
    },
  },
  natural: (folded, { now, timeZone }) => {
    const said = readDateWords(folded, now, timeZone);
    if (!said.when) return null;
    const range = wishRange(said.when, now, timeZone);
    return {
      rest: said.rest,
      set: (params) => {
        params.set('date_from', range.from);
        params.set('date_to', range.to);
      },
      note: range.from === range.to ? `em ${range.from}` : `de ${range.from} a ${range.to}`,
    };
  },
});
