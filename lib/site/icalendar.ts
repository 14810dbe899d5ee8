import { ICalCalendar } from 'ical-generator';
import type { Brand } from '../brand/schema';
import type { EventDetail } from '../catalog/public-schema';
import { plainText } from './text';

// "Adicionar à agenda": one event as an iCalendar file (RFC 5545), written by
// ical-generator (CRLF line endings, lines folded at 75 octets, text escaped). Times are
// in UTC (the instant is exact and every calendar shows it in its own zone; the page
// names the event's zone); an event without a start has no file.

const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000; // an event without an end is put down as two hours

export const calendarPath = (slug: string) => `/eventos/${encodeURIComponent(slug)}/agenda.ics`;

/** The event's iCalendar text, or null when it has no start date. */
export function eventCalendar(brand: Brand, event: EventDetail, now = new Date()): string | null {
  if (!event.starts_at) return null;
  const start = new Date(event.starts_at);
  const end = event.ends_at ? new Date(event.ends_at) : new Date(start.getTime() + DEFAULT_DURATION_MS);
  const calendar = new ICalCalendar({ prodId: { company: brand.name, product: 'Catálogo de eventos', language: 'PT' } });
  const place = event.location
    ? [event.location.name, event.location.formatted_address ?? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ')].filter(Boolean).join(', ')
    : 'Online';
  calendar.createEvent({
    id: `${event.slug}@${new URL(brand.site_url).hostname}`,
    stamp: now,
    start,
    end,
    summary: event.name,
    location: place,
    url: event.url,
    description: [plainText(event.description), `Ingressos e detalhes: ${event.url}`].filter(Boolean).join('\n\n'),
  });
  return `${calendar.toString()}\r\n`;
}
