// Intl formatters are costly to build; one per time zone serves every event in it.

/**
 * A date format of `locale` and `options` in any time zone: each zone's formatter is built
 * once and kept (zones are the few the catalog and the brands name). A zone Intl does not
 * know throws, as the constructor does, and is not kept.
 */
export function zonedDateFormat(locale: string, options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let f = byZone.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      byZone.set(timeZone, f);
    }
    return f;
  };
}

const wallClock = zonedDateFormat('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'longOffset',
});

/** The wall-clock formatter of `timeZone`, or undefined for a name Intl does not know. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  try {
    return wallClock(timeZone);
  } catch {
    return undefined;
  }
}

export function isTimeZone(value: string): boolean {
  return formatterFor(value) !== undefined;
}

function intlParts(f: Intl.DateTimeFormat, instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  return parts;
}

/** The zone's offset as Intl gives it: `-03:00`, `+05:30`, `+00:00` (or with seconds, for old local mean times). */
function offsetText(parts: Record<string, string>): string {
  const gmt = parts.timeZoneName ?? 'GMT';
  return gmt === 'GMT' ? '+00:00' : gmt.slice(3);
}

// A zone's offset changes at most once in a day of UTC, and rarely at all: when Intl gives
// the same offset at a day's first and last second, that offset holds for the whole day.
// So Intl is asked twice per day of a zone, not once per instant, which makes a page of
// events cheap to format. A day with a change in it is formatted by Intl, instant by instant.
const DAY_MS = 86_400_000;
const MAX_DAYS = 20_000;
const days = new Map<string, { text: string; minutes: number } | null>();

function offsetMinutesOf(text: string): number | undefined {
  const m = /^([+-])(\d\d):(\d\d)$/.exec(text);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : undefined;
}

function dayOffset(f: Intl.DateTimeFormat, timeZone: string, ms: number): { text: string; minutes: number } | null {
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone} ${day}`;
  let hit = days.get(key);
  if (hit === undefined) {
    const first = offsetText(intlParts(f, new Date(day * DAY_MS)));
    const last = offsetText(intlParts(f, new Date((day + 1) * DAY_MS - 1000)));
    const minutes = offsetMinutesOf(first);
    hit = first === last && minutes !== undefined ? { text: first, minutes } : null;
    if (days.size >= MAX_DAYS) days.clear();
    days.set(key, hit);
  }
  return hit;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant as RFC 3339 in the wall-clock time of `timeZone`, with that zone's offset
 * (`2026-12-05T21:00:00-03:00`). Without a valid zone it is given in UTC with `Z`.
 */
export function toZonedRfc3339(instant: Date, timeZone: string | null | undefined): string {
  const f = timeZone ? formatterFor(timeZone) : undefined;
  if (!f) return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  // Years of four digits, written here as Intl writes them; any other, by Intl itself.
  const offset = year >= 1000 && year <= 9999 ? dayOffset(f, timeZone!, ms) : null;
  if (offset) {
    const wall = new Date(Math.floor(ms / 1000) * 1000 + offset.minutes * 60_000);
    return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${offset.text}`;
  }
  const parts = intlParts(f, instant);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offsetText(parts)}`;
}

/** The offset of `timeZone` at `instant`, in minutes east of UTC. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const text = toZonedRfc3339(instant, timeZone).slice(19);
  if (text === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const [h, m] = text.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0));
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time. */
export function zonedTimeToInstant(local: string, timeZone: string): Date {
  const asUtc = new Date(`${local}Z`);
  // Two passes settle the offset even when the guess falls on the other side of a change.
  let instant = new Date(asUtc.getTime() - offsetMinutes(asUtc, timeZone) * 60_000);
  instant = new Date(asUtc.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}
