import { randomUUID } from 'node:crypto';
import { metrics } from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import { processShared } from '../process-shared';
import { CAPTURES_PAGES, CAPTURE_HOOK, type CaptureHook, type CapturedAnswer } from '../server/markers.mjs';
import { cachedPage, isWholePage, missingPage, servedHeaders, storedPage, type StoredPage } from './page-cache';

// A public page that no cache holds is rendered by the request that asked for it: the proxy
// lets that request through to the page route with a mark (CAPTURE_HEADER), server.mjs
// keeps the route's answer back and hands it here, and what is stored (static-page.ts, its
// CSP) is what that request is sent. The requests of the same page that arrive meanwhile
// wait for that one render, as they wait for any load of the page cache. Without it, a miss
// would pass through the framework twice: once for the client, once for a request of the
// server to itself.

type Capture = { host: string; extra: Record<string, string>; resolve(page: StoredPage): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout>; end(labels: { status: string }): void };

const captures = processShared('page-captures', () => new Map<string, Capture>());
/** A capture that server.mjs never reports (a render that neither ends nor closes) fails after this long. */
const CAPTURE_TIMEOUT_MS = 120_000;

const hook: CaptureHook = {
  async done(id: string, answer: CapturedAnswer): Promise<CapturedAnswer> {
    const capture = take(id);
    if (!capture) throw new Error('a page render nobody waits for');
    try {
      // A page that found nothing called notFound(), which Next answers with a shell: the site's 404 page instead.
      const page = isWholePage(answer.status, answer.body) ? await storedPage(answer, capture.host) : await missingPage(capture.host);
      capture.end({ status: String(answer.status) });
      capture.resolve(page);
      // What this request is sent: the stored page with the proxy's headers, as servePage sends it to the others.
      return { status: page.status, headers: Object.fromEntries(servedHeaders(page, capture.extra)), body: page.body };
    } catch (error) {
      capture.reject(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  },
  failed(id: string): void {
    take(id)?.reject(new Error('the page render gave no answer'));
  },
};
(globalThis as typeof globalThis & { [CAPTURE_HOOK]?: CaptureHook })[CAPTURE_HOOK] = hook;

function take(id: string): Capture | undefined {
  const capture = captures.get(id);
  if (!capture) return undefined;
  captures.delete(id);
  clearTimeout(capture.timer);
  return capture;
}

/** True when the server captures page routes' answers (server.mjs); false under `next dev`. */
export function capturesPages(): boolean {
  return (globalThis as typeof globalThis & { [CAPTURES_PAGES]?: boolean })[CAPTURES_PAGES] === true;
}

/**
 * The page for `key`: from the cache or a render in flight, or, when this request is the
 * one to render it, a capture id for its pass through the page route and the promise the
 * others wait on. `extra` are the proxy's headers for this request's answer.
 */
export function capturedPage(key: string, pathWithSearch: string, host: string, extra: Record<string, string>): { page: Promise<StoredPage>; capture?: string } {
  let capture: string | undefined;
  const page = cachedPage(key, () =>
    // The span lasts until the page is stored, inside the trace of the request that renders it.
    inSpan('page render', { 'url.path': pathWithSearch.split('?')[0] }, () =>
      new Promise<StoredPage>((resolve, reject) => {
        const id = randomUUID();
        capture = id;
        const timer = setTimeout(() => hook.failed(id), CAPTURE_TIMEOUT_MS);
        timer.unref?.();
        captures.set(id, { host, extra, resolve, reject, timer, end: metrics().renders.startTimer() });
      }),
    ),
  );
  // The rendering request does not wait on its own page; a failure reaches those that do.
  if (capture) page.catch(() => {});
  return { page, capture };
}
