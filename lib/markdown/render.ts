import { tokenCount } from './tokens';
import type { Brand } from '../brand/schema';
import { getEvent } from '../catalog/event/read';
import { MISSING_PATH, eventSlugOf } from '../site/event-exists';
import { converted, markdownKey, type MarkdownPage } from './cache';
import { mainToMarkdown, pageHead, withFrontmatter } from './convert';
import { RENDER_HEADER, selfRequest } from '../http/self-request';
import { metrics } from '../observability/metrics';
import { inSpan } from '../observability/tracing';

/** One HTML to Markdown conversion, timed and traced. */
function convertTimed(convert: () => Promise<MarkdownPage>): Promise<MarkdownPage> {
  const end = metrics().markdown.startTimer();
  return inSpan('markdown convert', {}, convert).finally(() => end());
}

/**
 * A page as Markdown, derived from the page itself: its <main> converted, with front
 * matter from its head. Cached per brand and URL for the snapshot window.
 */
export function markdownPage(brand: Brand, pathWithSearch: string, host: string): Promise<MarkdownPage> {
  return converted.load(markdownKey(brand, pathWithSearch), async () => {
    // An event page is checked here, in-process, so that the page fetch below needs no
    // second check; a missing event takes the site's full 404 page.
    const slug = eventSlugOf(pathWithSearch.split('?')[0]!);
    const missing = slug !== undefined && !(await getEvent(brand, slug));
    // The page's own HTML, marked so that it is never negotiated again.
    const render = (path: string) => selfRequest(path, host, { headers: { accept: 'text/html', [RENDER_HEADER]: '1' } });
    let fetched = await render(missing ? MISSING_PATH : pathWithSearch);
    // Any other page that found nothing (notFound(): an empty body) takes the full 404 page too.
    if (!missing && fetched.status === 404) fetched = await render(MISSING_PATH);
    const status = missing ? 404 : fetched.status;
    const html = fetched.body;
    const url = new URL(pathWithSearch, brand.site_url).toString();
    return convertTimed(async () => {
      const head = pageHead(html);
      // Links resolve against the page itself: an in-page link (#como-comprar) stays on it.
      const body = withFrontmatter(mainToMarkdown(html, url), { ...head, url });
      return { status, body, tokens: tokenCount(body) };
    });
  });
}
