import { readFileSync } from 'node:fs';
import { config } from '../config';
import { registrySchema, type Brand, type BrandRegistry } from './schema';
import { resolveBrand } from './resolve';

/** The three demo brands, each on `<id>.localhost` at the configured port, sharing `auth.localhost`. */
export function demoRegistry(port: number): BrandRegistry {
  const site = (id: string) => `http://${id}.localhost:${port}`;
  // One authentication host for the three; X-Origin names the brand of each call.
  const auth_url = `http://auth.localhost:${port}`;
  return registrySchema.parse({
    default: 'aurora',
    brands: [
      {
        id: 'aurora',
        name: 'Aurora Ingressos',
        hosts: ['aurora.localhost'],
        site_url: site('aurora'),
        auth_url,
        theme: { primary: '#5b21b6', accent: '#f59e0b', background: '#faf7ff', tagline: 'Shows, festivais e teatro pelo Brasil' },
      },
      {
        id: 'mare',
        name: 'Maré Tickets',
        hosts: ['mare.localhost'],
        site_url: site('mare'),
        auth_url,
        theme: { primary: '#0e7490', accent: '#f97316', background: '#f0fbfd', tagline: 'Eventos do litoral ao sertão' },
      },
      {
        id: 'sertao',
        name: 'Sertão Eventos',
        hosts: ['sertao.localhost'],
        site_url: site('sertao'),
        auth_url,
        theme: { primary: '#9a3412', accent: '#15803d', background: '#fffaf3', tagline: 'Forró, rodeios e cultura popular' },
      },
    ],
  });
}

export function loadRegistry(file: string | undefined, port: number): BrandRegistry {
  if (!file) return demoRegistry(port);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const parsed = registrySchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid brand registry ${file}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}

let registry: BrandRegistry | undefined;

export function brandRegistry(): BrandRegistry {
  registry ??= loadRegistry(config().brandsFile, config().port);
  return registry;
}

export function defaultBrand(): Brand {
  const r = brandRegistry();
  return r.brands.find((b) => b.id === r.default)!;
}

/**
 * The brand for a Host header, or the default brand where none is found: for answers
 * that must name some brand (problem pages, 404s) even under strict hosts.
 */
export function brandOrDefault(host: string | null | undefined): Brand {
  return brandForHost(host) ?? defaultBrand();
}

/** The brand for a request's Host header, honouring the strict-hosts setting. */
export function brandForHost(host: string | null | undefined): Brand | null {
  return resolveBrand(brandRegistry(), host, config().strictHosts).brand;
}

export type { Brand, BrandRegistry };
