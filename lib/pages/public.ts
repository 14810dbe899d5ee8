import { metrics } from '@/lib/observability/metrics';
import { inSpan } from '@/lib/observability/tracing';
import { cachedPage, storedPage, type StoredPage } from '@/lib/site/page-cache';
import { renderNotFound, renderPublicPage, type RenderedPage } from './render';
import { isPublicPage } from './addresses';

// The public pages as the proxy serves them: each one rendered in this process
// (render.tsx) once for everyone asking within the snapshot window (lib/site/page-cache.ts).

/** One render of a page, timed by the render metric, inside a trace span; stored as the cache keeps it. */
function rendered(path: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
  return inSpan('page render', { 'url.path': path.split('?')[0] }, async () => {
    const end = metrics().renders.startTimer();
    try {
      const page = await render();
      end({ status: String(page?.status ?? 404) });
      return page;
    } catch (error) {
      end({ status: '500' });
      throw error;
    }
  });
}

// The 404 page reads nothing of the catalog (lib/pages/not-found.tsx and the frame: the
// brand's frame and words), so it is held for the life of the process, whatever the snapshot
// window, one a host up to MISSING_HOSTS; past them it is rendered each time.
const missingPages = new Map<string, Promise<StoredPage>>();
const MISSING_HOSTS = 64;

/** The site's full 404 page for a host, rendered once for every page that found nothing there. A render that fails is not held. */
export function missingPage(host: string): Promise<StoredPage> {
  const held = missingPages.get(host);
  if (held) return held;
  const page = rendered('(the 404 page)', () => renderNotFound(host)).then((p) => storedPage(p!));
  if (missingPages.size < MISSING_HOSTS) {
    missingPages.set(host, page);
    page.catch(() => missingPages.delete(host));
  }
  return page;
}

/**
 * A public page (the listing, an event page, a landing page) from the window's cache,
 * rendered once if it is not held. An event page is not checked first: its render reads
 * the event (once), and a missing one answers the 404 page like any page that found nothing.
 */
export function publicPage(key: string, pathWithSearch: string, host: string): Promise<StoredPage> {
  // An address that names no page is the 404 page, with nothing to render of its own.
  if (!isPublicPage(pathWithSearch)) return missingPage(host);
  return cachedPage(key, async () => {
    const page = await rendered(pathWithSearch, () => renderPublicPage(host, pathWithSearch));
    return page ? storedPage(page) : missingPage(host);
  });
}
