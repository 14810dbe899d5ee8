import type { Brand } from '@/lib/brand/schema';
import { webcalUrl } from '@/lib/site/calendar-feed';

/** "Assinar calendário": the listing's feed for a calendar to subscribe to (webcal), and the same file to download. */
export function CalendarLinks({ brand, path }: { brand: Brand; path: string }) {
  return (
    <p className="calendar-links">
      <a href={webcalUrl(brand, path)}>Assinar calendário</a>
      {' · '}
      <a href={path} type="text/calendar">
        arquivo iCalendar
      </a>
    </p>
  );
}
