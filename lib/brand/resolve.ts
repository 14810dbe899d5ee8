import type { Brand, BrandRegistry } from './schema';

// Hosts that always mean "this machine" and answer as the default brand.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** Lowercases a Host header value and strips the port, brackets and a trailing dot. */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return '';
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end > 0 ? h.slice(1, end) : h.slice(1);
  } else {
    const colon = h.indexOf(':');
    if (colon >= 0) h = h.slice(0, colon);
  }
  return h.replace(/\.+$/, '');
}

export type BrandResolution = { brand: Brand; known: boolean } | { brand: null; known: false };

/**
 * Picks the brand for a Host header. Known hosts (and `<id>.localhost`) give their brand;
 * loopback names give the default brand; anything else gives the default brand, or none
 * when `strict` is set.
 */
export function resolveBrand(
  registry: BrandRegistry,
  hostHeader: string | null | undefined,
  strict = false,
): BrandResolution {
  const host = normalizeHost(hostHeader);
  const fallback = registry.brands.find((b) => b.id === registry.default)!;
  for (const brand of registry.brands) {
    if (brand.hosts.includes(host)) return { brand, known: true };
  }
  if (host.endsWith('.localhost')) {
    const id = host.slice(0, -'.localhost'.length);
    const brand = registry.brands.find((b) => b.id === id);
    if (brand) return { brand, known: true };
  }
  if (LOCAL_HOSTS.has(host)) return { brand: fallback, known: true };
  return strict ? { brand: null, known: false } : { brand: fallback, known: false };
}
