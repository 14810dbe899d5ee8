import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { inRenderScope, PageNotFound } from '@/lib/site/render-scope';
import { withoutClientRuntime } from '@/lib/site/static-page';
import RootLayout, { generateMetadata as frameMetadata } from './frame';
import { headTags } from './head';
import NotFound from './not-found';
import { searchParamsOf } from './addresses';
import { matchPage } from './routes';
import { siteStylesheet } from './stylesheet';

// A public page, rendered in this process by React's static renderer: the frame and the
// page of lib/pages, their metadata in the head, the site's stylesheet inside. No client
// runtime is written, and no script but the site's is kept whatever React writes; the page
// cache (lib/site/page-cache.ts) stores what this returns.
// A page with nothing to show (a missing event) and an address that names no page are the
// site's 404 page (public.ts holds it). Anything else that fails (the catalog) is thrown
// to the caller.

export type RenderedPage = { status: 200 | 404; body: string };

/** What the framework writes first in every page's head. */
const HEAD_START = '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>';

async function html(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, {
    // A failure is thrown to the caller, which logs it once (React would print it as well).
    onError: () => {},
  });
  let text = '';
  for await (const chunk of prelude) text += chunk;
  return text;
}

/** The document with the head's fixed start, the stylesheet and the metadata put first in its head. */
function withHead(document: string, metadata: string): string {
  const at = document.indexOf('<head>');
  if (at < 0) throw new Error('a page without a head');
  const end = at + '<head>'.length;
  return document.slice(0, end) + HEAD_START + siteStylesheet() + metadata + document.slice(end);
}

/**
 * The page: what React rendered keeps only the site's scripts (lib/site/static-page.ts), and
 * the head that is written here (the stylesheet, the metadata, escaped) goes in after.
 */
async function page(content: ReactNode, frame: Metadata, metadata: Metadata, notFound: boolean): Promise<string> {
  return withHead(withoutClientRuntime(await html(<RootLayout>{content}</RootLayout>)), headTags(frame, metadata, { notFound }));
}

/** The site's 404 page for `host`: the frame and its "Página não encontrada". */
export function renderNotFound(host: string): Promise<RenderedPage> {
  return inRenderScope(host, async () => ({ status: 404, body: await page(<NotFound />, await frameMetadata(), {}, true) }));
}

/** The public page at `pathWithSearch` for `host`, or null when there is none or it has nothing to show (the 404 page's cases). */
export async function renderPublicPage(host: string, pathWithSearch: string): Promise<RenderedPage | null> {
  const url = new URL(pathWithSearch, 'http://page.invalid');
  const match = matchPage(url.pathname);
  if (!match) return null;
  return inRenderScope(host, async () => {
    const props = { params: Promise.resolve(match.params), searchParams: Promise.resolve(searchParamsOf(url.searchParams)) };
    const Page = match.page.default;
    try {
      const [frame, metadata] = await Promise.all([frameMetadata(), match.page.generateMetadata?.(props) ?? {}]);
      return { status: 200 as const, body: await page(<Page {...props} />, frame, metadata, false) };
    } catch (error) {
      if (error instanceof PageNotFound) return null;
      throw error;
    }
  });
}
