import type { Brand } from '../brand/schema';
import { eventCount } from '../catalog/listing/count-text';
import { citySlug } from '../catalog/listing/landing-subjects';
import { wayLabel, waysOut, type WayOut } from '../catalog/listing/ways-out';
import type { FilterOptions } from '../catalog/filters/options';
import type { ActiveFilter } from './active-filters';
import { categoryPath, cityPath } from './landing';
import { listingParams } from './listing-params';

// The ways out of an empty listing (lib/catalog/listing/ways-out.ts, which MCP and A2A
// offer too) as the site says them: a label, the listing's address, its count.

/**
 * A way out: its label, its listing's address, how many events that shows ("12 eventos"),
 * and whether it changes the search or browses the catalog (words that match nothing).
 */
export type WayForward = { label: string; href: string; count: string; browse: boolean };

/** The form with some fields set (or removed, when null), back on its first page. */
function formHref(form: URLSearchParams, set: Record<string, string | null>): string {
  const next = new URLSearchParams();
  for (const [k, v] of form) if (!(k in set) && k !== 'page' && v.trim() !== '') next.append(k, v);
  for (const [k, v] of Object.entries(set)) if (v !== null) next.set(k, v);
  const qs = next.toString();
  return qs ? `/?${qs}` : '/';
}

/** Where a way leads on the site: the form changed as the way says, or a landing page. */
function siteHref(way: WayOut, form: URLSearchParams, active: ActiveFilter[]): string | null {
  switch (way.kind) {
    case 'without': {
      const key = way.filter ? way.filter.site.fields[0]! : 'q';
      return active.find((f) => f.key === key)?.href ?? null;
    }
    case 'only_words':
      return `/?${new URLSearchParams({ q: form.get('q') ?? '' })}`;
    case 'later':
      return formHref(form, { quando: 'periodo', date_from: way.from, date_to: way.to });
    case 'other_city':
      return formHref(form, { city: way.city, perto: null });
    case 'category':
      return categoryPath(way.slug);
    case 'city':
      return cityPath(citySlug(way.city));
  }
}

/**
 * Ways out of an empty listing: its form parameters `form` (words already read into
 * fields) and its active filters; counted on the catalog, those that find nothing left out.
 */
export async function waysForward(brand: Brand, form: URLSearchParams, active: ActiveFilter[], options: FilterOptions, now = new Date()): Promise<WayForward[]> {
  const ways = await waysOut(brand, listingParams(form, options, brand, now), options, now);
  const seen = new Set<string>();
  return ways.flatMap((way) => {
    const href = siteHref(way, form, active);
    if (!href || seen.has(href)) return [];
    seen.add(href);
    return [{ label: wayLabel(way, form.get('q') ?? ''), href, count: eventCount(way.count), browse: way.kind === 'category' || way.kind === 'city' }];
  });
}
