import { selfRequest } from '../http/self-request';

// Next 16 serves an empty body for notFound() in production (vercel/next.js#98954) while
// an unmatched path renders app/not-found.tsx in full: a missing event's page is this one.
export const MISSING_PATH = '/__missing';

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
 * Whether the event of a page exists, asked of this server's own API. The proxy has no
 * database of its own; the API answers from the process's catalog and snapshot cache.
 */
export async function eventExists(slug: string, host: string): Promise<boolean> {
  try {
    const reply = await selfRequest(`/api/public/v1/events/${encodeURIComponent(slug)}`, host, { method: 'HEAD' });
    // Anything but a clear 404 (database down, say) lets the page itself answer.
    return reply.status !== 404 && reply.status !== 400;
  } catch {
    return true;
  }
}
