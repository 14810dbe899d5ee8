import { brandRegistry } from '../brand/registry';
import { normalizeHost } from '../brand/resolve';
import type { Brand, BrandRegistry } from '../brand/schema';

// The authentication host is this same application, reached on the registry's auth_url
// hosts. Several brands may share one (the demo brands share auth.localhost); the
// X-Origin header then names the brand of each call.

const hostOf = (url: string) => new URL(url).hostname.toLowerCase();

/** Is this Host header one of the registry's authentication hosts (and no brand's site)? */
export function isAuthHostIn(registry: BrandRegistry, hostHeader: string | null | undefined): boolean {
  const host = normalizeHost(hostHeader);
  if (!host) return false;
  if (registry.brands.some((b) => b.hosts.includes(host) || hostOf(b.site_url) === host)) return false;
  return registry.brands.some((b) => hostOf(b.auth_url) === host);
}

export function isAuthHost(hostHeader: string | null | undefined): boolean {
  return isAuthHostIn(brandRegistry(), hostHeader);
}

/** Brands whose auth_url is served on this host. */
export function brandsOfAuthHost(registry: BrandRegistry, hostHeader: string | null | undefined): Brand[] {
  const host = normalizeHost(hostHeader);
  return registry.brands.filter((b) => hostOf(b.auth_url) === host);
}

/** The brand an X-Origin names, among those this host serves; null when missing or unknown. */
export function brandForOrigin(registry: BrandRegistry, hostHeader: string | null | undefined, origin: string | null): Brand | null {
  if (!origin) return null;
  const wanted = origin.trim().replace(/\/+$/, '').toLowerCase();
  return brandsOfAuthHost(registry, hostHeader).find((b) => b.site_url.toLowerCase() === wanted) ?? null;
}
