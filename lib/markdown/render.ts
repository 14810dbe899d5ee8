import { request } from 'node:http';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Brand } from '../brand/schema';
import { findEvent } from '../catalog/events';
import { config } from '../config';
import { converted, markdownKey, type MarkdownPage } from './cache';
import { mainToMarkdown, pageHead, withFrontmatter } from './convert';
import { INTERNAL_HEADER, RENDER_HEADER, internalToken } from './internal';

const EVENT_PAGE = /^\/eventos\/([^/?#]+)/;

/** The page's own HTML, from this server, marked so that it is never negotiated again. */
function fetchHtml(path: string, host: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: config().port, path, headers: { host, accept: 'text/html', [RENDER_HEADER]: '1', [INTERNAL_HEADER]: internalToken() } },
      (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (html += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, html }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * A page as Markdown, derived from the page itself: its <main> converted, with front
 * matter from its head. Cached per brand and URL for the snapshot window.
 */
export function markdownPage(brand: Brand, pathWithSearch: string, host: string): Promise<MarkdownPage> {
  return converted.load(markdownKey(brand, pathWithSearch), async () => {
    // An event page is checked here, in-process, so that the page fetch below needs no
    // second check; a missing event takes the site's full 404 page.
    const slug = EVENT_PAGE.exec(pathWithSearch)?.[1];
    const missing = slug !== undefined && !(await findEvent(brand, slug));
    const fetched = await fetchHtml(missing ? '/__missing' : pathWithSearch, host);
    const status = missing ? 404 : fetched.status;
    const html = fetched.html;
    const url = new URL(pathWithSearch, brand.site_url).toString();
    const head = pageHead(html);
    const body = withFrontmatter(mainToMarkdown(html, brand.site_url), { ...head, url });
    return { status, body, tokens: countTokens(body) };
  });
}
