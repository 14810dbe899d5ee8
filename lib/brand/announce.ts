import { config } from '../config';
import { brandRegistry } from './registry';

/** One line per brand with its site URL, for the start-up log. */
export function logBrandSites(): void {
  if (config().isBuildPhase) return;
  for (const brand of brandRegistry().brands) console.log(`> ${brand.name}: ${brand.site_url}`);
}
