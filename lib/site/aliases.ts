import type { Brand } from '../brand/schema';
import { normalizeHost } from '../brand/resolve';

// A page asked for on a host that is not the brand's own (localhost, 127.0.0.1, a name
// no brand owns) is sent to the brand's site: its images, favicon and links are absolute
// URLs on that site, and the page's CSP ('self') would refuse them on any other origin.

/** The brand's own URL for a page request that arrived on an alias; null on one of the brand's hosts. */
export function aliasTarget(brand: Brand, hostHeader: string | null, pathWithSearch: string): URL | null {
  const host = normalizeHost(hostHeader);
  const site = new URL(brand.site_url);
  if (host === site.hostname || brand.hosts.includes(host) || host === `${brand.id}.localhost`) return null;
  return new URL(pathWithSearch, site);
}
