import type { Brand } from '../brand/schema';
import { windowedCache } from '../catalog/snapshot-cache';
import { CONTENT_SIGNAL } from '../http/headers';

// Converted pages, per brand and URL, for the snapshot window. The proxy answers from
// here, and converts a page that is not held (lib/markdown/render.ts).
export type MarkdownPage = { status: number; body: string; tokens: number };

export const converted = windowedCache('markdown', 2_000);
export const markdownKey = (brand: Brand, pathWithSearch: string) => `${brand.id}|${pathWithSearch}`;

/**
 * The path of a page in one spelling: each segment decoded and encoded again, as the
 * conversion is keyed by. Null for a path that does not decode.
 */
export function canonicalPagePath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return null;
  }
}

/** The Markdown response of a page, with the proxy's headers (rate limits, Link) on top. */
export function markdownResponse(page: MarkdownPage, method: string, extra: Record<string, string> = {}): Response {
  return new Response(method === 'HEAD' ? null : page.body, {
    status: page.status,
    headers: {
      ...extra,
      'Content-Type': 'text/markdown; charset=utf-8',
      'x-markdown-tokens': String(page.tokens),
      // The same preferences as robots.txt's Content-Signal line, on the answer itself.
      'Content-Signal': CONTENT_SIGNAL,
      Vary: 'Accept',
      'Cache-Control': page.status === 200 ? 'public, max-age=30, s-maxage=60, stale-while-revalidate=300' : 'no-store',
    },
  });
}

