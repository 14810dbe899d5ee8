import { createHash } from 'node:crypto';
import { config } from '../config';

/** A snapshot catalog: browsers keep it briefly, shared caches a little longer and serve stale while refreshing. */
export const CATALOG_CACHE = 'public, max-age=30, s-maxage=60, stale-while-revalidate=300';
export const NO_STORE = 'no-store';

/** What the brand allows crawlers and AI systems to do with its public pages: robots.txt's Content-Signal line and the header of Markdown answers. */
export const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Deprecation, Sunset, Retry-After, RateLimit, RateLimit-Policy, Allow',
} as const;

export function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 If-None-Match: weak comparison over a list, or `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** Deprecation (RFC 9745) and Sunset (RFC 8594) headers, when this version is configured as deprecated. */
export function deprecationHeaders(): Record<string, string> {
  const { deprecatedAt, sunsetAt, link } = config().deprecation;
  const headers: Record<string, string> = {};
  if (deprecatedAt) headers.Deprecation = `@${Math.floor(deprecatedAt.getTime() / 1000)}`;
  if (sunsetAt) headers.Sunset = sunsetAt.toUTCString();
  if (deprecatedAt && link) headers.Link = `<${link}>; rel="deprecation"; type="text/html"`;
  return headers;
}
