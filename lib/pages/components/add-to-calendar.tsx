import type { EventView } from '@/lib/catalog/event/view';
import { googleCalendarUrl, outlookCalendarUrl } from '@/lib/site/calendar-services';
import { calendarPath } from '@/lib/site/icalendar';

/** "Adicionar à agenda": the event's calendar file (iCalendar), and the Google Calendar and Outlook.com forms filled in with it. */
export function AddToCalendar({ event }: { event: EventView & { starts_at: string } }) {
  return (
    <>
      <a href={calendarPath(event.slug)} download>
        Adicionar à agenda
      </a>{' '}
      ·{' '}
      <a href={googleCalendarUrl(event)} rel="noopener">
        Google Agenda
      </a>{' '}
      ·{' '}
      <a href={outlookCalendarUrl(event)} rel="noopener">
        Outlook
      </a>
    </>
  );
}
