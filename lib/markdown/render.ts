import { request } from 'node:http';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Brand } from '../brand/schema';
import { snapshot } from '../catalog/snapshot-cache';
import { config } from '../config';
import { mainToMarkdown, pageHead, withFrontmatter } from './convert';
import { RENDER_HEADER } from './internal';

export type MarkdownPage = { status: number; body: string; tokens: number };

/** The page's own HTML, from this server, marked so that it is never negotiated again. */
function fetchHtml(path: string, host: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: config().port, path, headers: { host, accept: 'text/html', [RENDER_HEADER]: '1' } },
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
  return snapshot(`md|${brand.id}|${pathWithSearch}`, async () => {
    const { status, html } = await fetchHtml(pathWithSearch, host);
    const url = new URL(pathWithSearch, brand.site_url).toString();
    const head = pageHead(html);
    const body = withFrontmatter(mainToMarkdown(html, brand.site_url), { ...head, url });
    return { status, body, tokens: countTokens(body) };
  });
}
