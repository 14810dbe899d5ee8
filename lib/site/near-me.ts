import type { FilterOptions } from '../catalog/filters/options';

// "Perto de mim": where the person taps it, the site's own script (/perto-de-mim.js) asks
// the browser for the location and opens the listing around it, nearest first. The
// coordinates are rounded to two decimals (about 1 km) before they reach the address, so
// that the listing's public cache holds one page per square kilometre at most, never one
// per exact position; the server keeps nothing of them but that page for the snapshot
// window, and its request log records paths without their query strings. Without
// JavaScript, or without permission, the link leads to a page of the cities instead.

/** The page of cities that "Perto de mim" leads to without a location. */
export const NEAR_ME_PATH = '/perto-de-mim';
/** The radius the script asks for, in km (one of the form's "Raio" choices). */
export const NEAR_ME_RADIUS_KM = 25;
/** Decimals the script keeps of each coordinate: 0.01° is about 1.1 km. */
export const NEAR_ME_DECIMALS = 2;

export type NearCity = { name: string; label: string; href: string; events: number };

/** The brand's cities with a position, as listings around each one's centre, nearest first; in alphabetical order. */
export function nearCities(options: FilterOptions): NearCity[] {
  const seen = new Set<string>();
  const cities: NearCity[] = [];
  for (const c of options.cities) {
    if (c.lat === null || c.lng === null || seen.has(c.city)) continue;
    seen.add(c.city);
    const href = `/?${new URLSearchParams({ perto: c.city, sort: 'distance' })}`;
    cities.push({ name: c.city, label: c.state ? `${c.city} - ${c.state}` : c.city, href, events: c.events });
  }
  return cities.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}
