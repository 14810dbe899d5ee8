import { request } from 'node:http';
import { config } from '../config';
import { INTERNAL_HEADER, internalToken } from '../markdown/internal';

/**
 * Whether the event of a page exists, asked of this server's own API. The proxy has no
 * database of its own; the API answers from the process's catalog and snapshot cache.
 * The internal token keeps this call out of any rate-limit budget.
 */
export function eventExists(slug: string, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: config().port,
        method: 'HEAD',
        path: `/api/public/v1/events/${encodeURIComponent(slug)}`,
        headers: { host, [INTERNAL_HEADER]: internalToken() },
      },
      (res) => {
        res.resume();
        // Anything but a clear 404 (database down, say) lets the page itself answer.
        resolve(res.statusCode !== 404 && res.statusCode !== 400);
      },
    );
    req.on('error', () => resolve(true));
    req.end();
  });
}
