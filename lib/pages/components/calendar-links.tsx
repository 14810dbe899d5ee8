import type { Brand } from '@/lib/brand/schema';
import { webcalUrl } from '@/lib/site/calendar-feed';

/**
 * Below a list: its events in the person's calendar app, kept up to date (a webcal
 * subscription on the brand's own host), or the same file to download.
 */
export function CalendarLinks({ brand, path }: { brand: Brand; path: string }) {
  return (
    <p className="calendar-links">
      Estes eventos na sua agenda: <a href={webcalUrl(brand, path)}>Adicionar ao calendário</a>
      {' · '}
      <a href={path} type="text/calendar">
        baixar o arquivo
      </a>
    </p>
  );
}
