import type { Brand } from '../brand/schema';
import { CATEGORIES, categoryBySlug, type Category } from './categories';
import { listEvents } from './events';
import { getFilterOptions } from './filters';
import { PER_PAGE } from './query-params';
import { fold } from './search-terms';
import { snapshot } from './snapshot-cache';

// What a landing page is about: a city, a category or an organizer of the brand's
// catalog, found by the slug of its URL. Cities and organizers come from the listing's
// filter options, so they exist only while they have events listed; categories are the
// fixed taxonomy.

/** A city name as a URL segment: folded, every run of other characters one hyphen ("São Paulo" → "sao-paulo"). */
export function citySlug(city: string): string {
  return fold(city)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type LandingCity = { slug: string; name: string };
export type LandingOrganizer = { slug: string; name: string };

/** The brand's cities with events listed now, one per slug (a name shared by two states is one city filter). */
export async function landingCities(brand: Brand): Promise<LandingCity[]> {
  const options = await getFilterOptions(brand);
  const bySlug = new Map<string, LandingCity>();
  for (const { city } of options.cities) {
    const slug = citySlug(city);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, { slug, name: city });
  }
  return [...bySlug.values()];
}

/** The city of a slug, when it has events listed now; else null. */
export async function findCity(brand: Brand, slug: string): Promise<LandingCity | null> {
  return (await landingCities(brand)).find((c) => c.slug === slug) ?? null;
}

/** The brand's organizers with events listed now. */
export async function landingOrganizers(brand: Brand): Promise<LandingOrganizer[]> {
  return (await getFilterOptions(brand)).organizers;
}

/** The organizer of a slug, when it has events listed now; else null. */
export async function findOrganizer(brand: Brand, slug: string): Promise<LandingOrganizer | null> {
  return (await landingOrganizers(brand)).find((o) => o.slug === slug) ?? null;
}

/** The category of a slug (whether or not it has events now), or null. */
export function findCategory(slug: string): Category | null {
  return categoryBySlug(slug);
}

/** The categories with at least one event listed now, in the taxonomy's order. */
export function categoriesWithEvents(brand: Brand): Promise<Category[]> {
  return snapshot(`landing-categories|${brand.id}`, async () => {
    const counted = await Promise.all(
      CATEGORIES.map(async (category) => {
        const page = await listEvents(brand, { category: category.slug, page: 1, perPage: PER_PAGE.min });
        return page.meta.total > 0 ? category : null;
      }),
    );
    return counted.filter((c): c is Category => c !== null);
  });
}
