import type { EventListItem } from '../catalog/public-schema';
import { calendarPlace, calendarWindow } from './icalendar';
import { summary } from './text';

// "Adicionar à agenda" for people whose calendar lives on the web: links that open the
// Google Calendar and Outlook.com forms for a new event, filled in with the event's
// name, start and end (UTC instants, as in the .ics file), place and a short description
// ending with the event's page. Nothing is sent anywhere until the person saves it there.

type Entry = Pick<EventListItem, 'name' | 'description' | 'starts_at' | 'ends_at' | 'url' | 'location'> & { starts_at: string };

/** Room for the description in a link: calendars and browsers cope with a few thousand characters, not a whole page. */
const DESCRIPTION_MAX = 300;

const details = (event: Entry) => [summary(event.description, DESCRIPTION_MAX), `Ingressos e detalhes: ${event.url}`].filter(Boolean).join('\n\n');

/** 2026-12-05T21:00:00.000Z → 20261205T210000Z (Google's `dates`). */
const compact = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
/** 2026-12-05T21:00:00.000Z → 2026-12-05T21:00:00Z (Outlook's `startdt`/`enddt`). */
const seconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Google Calendar's "new event" form (calendar.google.com/calendar/render, action TEMPLATE). */
export function googleCalendarUrl(event: Entry): string {
  const { start, end } = calendarWindow(event);
  const url = new URL('https://calendar.google.com/calendar/render');
  url.search = new URLSearchParams({ action: 'TEMPLATE', text: event.name, dates: `${compact(start)}/${compact(end)}`, details: details(event), location: calendarPlace(event) }).toString();
  return url.toString();
}

/** Outlook.com's "new event" form (outlook.live.com deep link, rru=addevent). */
export function outlookCalendarUrl(event: Entry): string {
  const { start, end } = calendarWindow(event);
  const url = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  url.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.name,
    startdt: seconds(start),
    enddt: seconds(end),
    body: details(event),
    location: calendarPlace(event),
  }).toString();
  return url.toString();
}
