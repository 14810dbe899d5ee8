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

/**
 * The site's 404 page for a host, rendered by this server for an unmatched path (which
 * Next renders in full, unlike a notFound() thrown by a page).
 */
export function missingPage(host: string, accept: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: config().port, path: '/__missing', headers: { host, accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'content-security-policy', 'link']) {
          const v = res.headers[name];
          if (v) headers[name] = Array.isArray(v) ? v.join(', ') : v;
        }
        resolve({ body: Buffer.concat(chunks), headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
