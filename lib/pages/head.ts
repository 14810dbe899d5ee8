import type { Metadata } from 'next';

// The <head> of a page rendered by lib/pages: its metadata (the frame's and the page's,
// as each declares it for the framework, Next's Metadata) written as the framework writes
// it, so that a page is the same bytes whichever renders it. Only what the site's pages
// declare is written; `headTags` fails on anything else, so that a field a page starts to
// declare is never dropped in silence (lib/pages/pages.test.ts renders every page).

type Image = { url: string | URL; width?: number | string; height?: number | string; alt?: string };
type Images = Image | string | URL | Array<Image | string | URL>;

const KNOWN = new Set(['metadataBase', 'title', 'description', 'applicationName', 'alternates', 'openGraph', 'twitter', 'icons', 'robots']);

/** Text for an attribute's value or an element's content, escaped as React escapes it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

const meta = (attribute: 'name' | 'property', key: string, value: unknown): string =>
  value === undefined || value === null || value === '' ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}"/>`;

function images(value: Images | undefined): Image[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((i) => (typeof i === 'string' || i instanceof URL ? { url: i } : i));
}

/** An absolute URL as the framework writes it: against metadataBase, without the root's trailing slash. */
function absolute(url: string | URL, base: string | URL | null | undefined): string {
  const resolved = base ? new URL(url, base) : new URL(url);
  const text = resolved.toString();
  return resolved.pathname === '/' && !resolved.search && !resolved.hash ? text.replace(/\/$/, '') : text;
}

type Title = Metadata['title'];

/** The page's title with the frame's template: a string takes the template, `absolute` does not; none gives the frame's default. */
function resolveTitle(frame: Title, page: Title): string | undefined {
  const template = frame && typeof frame === 'object' && 'template' in frame ? frame.template : undefined;
  const fallback = frame && typeof frame === 'object' && 'default' in frame ? frame.default : typeof frame === 'string' ? frame : undefined;
  if (page === undefined || page === null) return fallback;
  if (typeof page === 'string') return template ? template.replace('%s', page) : page;
  if ('absolute' in page && page.absolute !== undefined) return page.absolute;
  return fallback;
}

function robots(value: Metadata['robots']): string {
  if (!value) return '';
  if (typeof value === 'string') return meta('name', 'robots', value);
  const parts = [value.index === false ? 'noindex' : value.index ? 'index' : '', value.follow === false ? 'nofollow' : value.follow ? 'follow' : ''].filter(Boolean);
  return meta('name', 'robots', parts.join(', '));
}

/**
 * The metadata elements of a page's <head>: the frame's metadata with the page's over it
 * (a field the page declares replaces the frame's whole, as the framework merges them),
 * in the framework's order. `notFound` is the 404 page's: the frame's with noindex.
 */
export function headTags(frame: Metadata, page: Metadata, { notFound = false } = {}): string {
  for (const key of [...Object.keys(frame), ...Object.keys(page)]) {
    if (!KNOWN.has(key)) throw new Error(`lib/pages/head.ts does not write the metadata field "${key}"`);
  }
  const base = page.metadataBase ?? frame.metadataBase;
  const merged: Metadata = { ...frame, ...page };
  const title = resolveTitle(frame.title, page.title);
  const og = merged.openGraph as (Record<string, unknown> & { images?: Images }) | undefined;
  const twitter = merged.twitter as (Record<string, unknown> & { images?: Images }) | undefined;
  const ogTitle = og?.title === undefined ? title : resolveTitle(undefined, og.title as Title);
  const ogDescription = (og?.description as string | undefined) ?? merged.description ?? undefined;
  const ogImages = images(og?.images);
  // The 404 page's noindex comes first, before its title; a page's own robots after the names.
  let out = notFound ? meta('name', 'robots', 'noindex') : '';
  if (title !== undefined) out += `<title>${escapeHtml(title)}</title>`;
  out += meta('name', 'description', merged.description);
  out += meta('name', 'application-name', merged.applicationName);
  out += robots(merged.robots);
  const canonical = merged.alternates?.canonical;
  if (canonical) out += `<link rel="canonical" href="${escapeHtml(absolute(canonical as string, base))}"/>`;
  for (const [type, href] of Object.entries(merged.alternates?.types ?? {})) {
    if (href) out += `<link rel="alternate" type="${escapeHtml(type)}" href="${escapeHtml(absolute(href as string, base))}"/>`;
  }
  if (og) {
    out += meta('property', 'og:title', ogTitle) + meta('property', 'og:description', ogDescription);
    out += meta('property', 'og:url', og.url === undefined ? undefined : absolute(og.url as string, base));
    out += meta('property', 'og:site_name', og.siteName) + meta('property', 'og:locale', og.locale);
    for (const i of ogImages) {
      out += meta('property', 'og:image', absolute(i.url, base)) + meta('property', 'og:image:width', i.width) + meta('property', 'og:image:height', i.height) + meta('property', 'og:image:alt', i.alt);
    }
    out += meta('property', 'og:type', og.type);
  }
  // Twitter's card: the page's own, else the Open Graph one's title, description and pictures.
  const twitterImages = twitter?.images !== undefined ? images(twitter.images) : ogImages;
  const card = (twitter?.card as string | undefined) ?? (twitterImages.length > 0 ? 'summary_large_image' : 'summary');
  if (twitter || og) {
    out += meta('name', 'twitter:card', card);
    out += meta('name', 'twitter:title', twitter?.title === undefined ? ogTitle : resolveTitle(undefined, twitter.title as Title));
    out += meta('name', 'twitter:description', (twitter?.description as string | undefined) ?? ogDescription);
    for (const i of twitterImages) out += meta('name', 'twitter:image', absolute(i.url, base)) + meta('name', 'twitter:image:alt', i.alt);
  }
  const icons = merged.icons && typeof merged.icons === 'object' && !Array.isArray(merged.icons) && 'icon' in merged.icons ? merged.icons.icon : undefined;
  for (const icon of (Array.isArray(icons) ? icons : icons ? [icons] : []) as Array<{ url: string | URL; type?: string } | string>) {
    const { url, type } = typeof icon === 'string' ? { url: icon, type: undefined } : icon;
    out += `<link rel="icon" href="${escapeHtml(absolute(url, base))}"${type ? ` type="${escapeHtml(type)}"` : ''}/>`;
  }
  return out;
}
