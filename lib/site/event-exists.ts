import type { Brand } from '../brand/schema';
import { getEvent } from '../catalog/event/read';

const EVENT_PAGE = /^\/eventos\/([^/]+)$/;

/** The slug of an event page's path, decoded (as sent when it does not decode); undefined for other pages. */
export function eventSlugOf(pathname: string): string | undefined {
  const raw = EVENT_PAGE.exec(pathname)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Whether the event of a page exists, asked of the process's catalog (its one connection
 * and snapshot cache, lib/process-shared.ts, which the page's render then reads too). The
 * slug is read as the API reads it (lib/catalog/event/read.ts): blank, unknown or withdrawn
 * is a clear no; a catalog that cannot answer (database down, say) lets the page itself answer.
 */
export async function eventExists(brand: Brand, slug: string): Promise<boolean> {
  const trimmed = slug.trim();
  if (trimmed === '') return false;
  try {
    return (await getEvent(brand, trimmed)) !== null;
  } catch {
    return true;
  }
}
