// Intl formatters are costly to build; one per time zone serves every event in it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  return formatterFor(value) !== undefined;
}

/**
 * An instant as RFC 3339 in the wall-clock time of `timeZone`, with that zone's offset
 * (`2026-12-05T21:00:00-03:00`). Without a valid zone it is given in UTC with `Z`.
 */
export function toZonedRfc3339(instant: Date, timeZone: string | null | undefined): string {
  const f = timeZone ? formatterFor(timeZone) : undefined;
  if (!f) return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  const gmt = parts.timeZoneName ?? 'GMT';
  const offset = gmt === 'GMT' ? '+00:00' : gmt.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
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
