import { ICalCalendar } from 'ical-generator';
import type { Brand } from '../brand/schema';
import type { EventListItem } from '../catalog/public-schema';
import { plainText } from './text';

// Events as iCalendar (RFC 5545), written by ical-generator (CRLF line endings, lines
// folded at 75 octets, event text escaped): one event ("Adicionar à agenda") or a feed of
// a listing that calendars subscribe to. Times are in UTC (the instant is exact and every
// calendar shows it in its own zone; the page names the event's zone); an event without
// a start has no entry.
//
// An event has the same UID in every file, and its DTSTAMP, LAST-MODIFIED and SEQUENCE
// come from its last change in the catalog: a subscribed calendar that sees it moved
// updates it in place, and one that sees it unchanged keeps it as it is.

const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000; // an event without an end is put down as two hours
/** SEQUENCE counts seconds of revision from here: it grows with every change and fits a 32-bit integer until 2088. */
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1);

export const calendarPath = (slug: string) => `/eventos/${encodeURIComponent(slug)}/agenda.ics`;

/** The UID of an event in every calendar file of the brand. */
export const eventUid = (brand: Brand, slug: string): string => `${slug}@${new URL(brand.site_url).hostname}`;

/** The SEQUENCE of an event last changed at `revision`. */
export const sequenceOf = (revision: Date): number => Math.max(0, Math.floor((revision.getTime() - SEQUENCE_EPOCH_MS) / 1000));

type Entry = Pick<EventListItem, 'slug' | 'name' | 'description' | 'starts_at' | 'ends_at' | 'url' | 'location'>;

const newCalendar = (brand: Brand) => new ICalCalendar({ prodId: { company: brand.name, product: 'Catálogo de eventos', language: 'PT' } });

/** When an event with a start is put down in a calendar: its start and end, or two hours when it has no end. */
export function calendarWindow(event: { starts_at: string; ends_at: string | null }): { start: Date; end: Date } {
  const start = new Date(event.starts_at);
  return { start, end: event.ends_at ? new Date(event.ends_at) : new Date(start.getTime() + DEFAULT_DURATION_MS) };
}

/** The event's place on one line, as calendars show it: venue and address, or "Online". */
export function calendarPlace(event: Pick<Entry, 'location'>): string {
  return event.location
    ? [event.location.name, event.location.formatted_address ?? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ')].filter(Boolean).join(', ')
    : 'Online';
}

/** Adds one event (it must have a start); `revision` is its last change, null when unknown (then `now`). */
function addEvent(calendar: ICalCalendar, brand: Brand, event: Entry & { starts_at: string }, revision: Date | null, now: Date): void {
  const { start, end } = calendarWindow(event);
  const place = calendarPlace(event);
  calendar.createEvent({
    id: eventUid(brand, event.slug),
    stamp: revision ?? now,
    ...(revision ? { lastModified: revision, sequence: sequenceOf(revision) } : {}),
    start,
    end,
    summary: event.name,
    location: place,
    url: event.url,
    description: [plainText(event.description), `Ingressos e detalhes: ${event.url}`].filter(Boolean).join('\n\n'),
  });
}

const hasStart = <T extends Entry>(event: T): event is T & { starts_at: string } => event.starts_at !== null;

/** The event's iCalendar text, or null when it has no start date. */
export function eventCalendar(brand: Brand, event: Entry, revision: Date | null = null, now = new Date()): string | null {
  if (!hasStart(event)) return null;
  const calendar = newCalendar(brand);
  addEvent(calendar, brand, event, revision, now);
  return `${calendar.toString()}\r\n`;
}

/** RFC 5545 TEXT escaping, for the calendar's name and description (ical-generator writes those as given). */
const escapeText = (text: string): string => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n|\r/g, '\\n');

export type FeedInfo = {
  /** NAME and X-WR-CALNAME: "Eventos em Recife — Aurora Ingressos". */
  name: string;
  description: string;
  /** The feed's own absolute URL (URL and SOURCE). */
  url: string;
  /** How often a subscriber should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds. */
  refreshSeconds: number;
};

/** A subscribable calendar of events (those without a start are left out), in the order given. */
export function feedCalendar(brand: Brand, feed: FeedInfo, events: ReadonlyArray<{ event: Entry; revision: Date | null }>, now = new Date()): string {
  const calendar = newCalendar(brand);
  calendar.name(escapeText(feed.name));
  calendar.description(escapeText(feed.description));
  calendar.url(feed.url);
  calendar.source(feed.url);
  calendar.ttl(feed.refreshSeconds);
  for (const { event, revision } of events) if (hasStart(event)) addEvent(calendar, brand, event, revision, now);
  return `${calendar.toString()}\r\n`;
}
