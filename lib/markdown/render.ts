import { tokenCount } from './tokens';
import type { Brand } from '../brand/schema';
import { converted, markdownKey, type MarkdownPage } from './cache';
import { mainToMarkdown, pageHead, withFrontmatter } from './convert';
import { publicPage } from '../pages/public';
import { pageKey } from '../site/page-cache';
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
    // The page's own HTML, as the page cache holds it or rendered once in this process: a
    // page that found nothing (a missing event) is the site's 404 page, as anyone gets it.
    const { status, body: html } = await publicPage(pageKey(brand.id, pathWithSearch), pathWithSearch, host);
    const url = new URL(pathWithSearch, brand.site_url).toString();
    return convertTimed(async () => {
      const head = pageHead(html);
      // Links resolve against the page itself: an in-page link (#como-comprar) stays on it.
      const body = withFrontmatter(mainToMarkdown(html, url), { ...head, url });
      return { status, body, tokens: tokenCount(body) };
    });
  });
}
