import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import { PREPARED, type Queryable } from '../../db/types';
import { CATEGORIES, categoryBySlug, type Category } from '../categories';
import { getFilterOptions } from '../filters/options';
import { fold } from '../search/search-terms';
import { snapshot } from '../snapshot-cache';

// What a landing page is about: a city, a category or an organizer of the brand's
// catalog, found by the slug of its URL. Cities come from the listing's filter options,
// organizers from their own row, so both exist only while they have events listed;
// categories are the fixed taxonomy.

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

/** The organizer of a slug, when it has events listed now (kept on its row by the catalog's triggers); else null. */
export function findOrganizer(brand: Brand, slug: string): Promise<LandingOrganizer | null> {
  return snapshot(`organizer|${brand.id}|${slug}`, () => withDb((db) => readListedOrganizer(db, brand.id, slug, new Date())));
}

export async function readListedOrganizer(db: Queryable, brandId: string, slug: string, now: Date): Promise<LandingOrganizer | null> {
  const rows = await db.query<LandingOrganizer>(
    'SELECT slug, name FROM producers WHERE brand_id = $1 AND slug = $2 AND listed_until >= $3',
    [brandId, slug, now.toISOString()],
    PREPARED,
  );
  return rows[0] ?? null;
}

/** The category of a slug (whether or not it has events now), or null. */
export function findCategory(slug: string): Category | null {
  return categoryBySlug(slug);
}

/** The categories with at least one event listed now, in the taxonomy's order. */
export async function categoriesWithEvents(brand: Brand): Promise<Category[]> {
  const listed = new Set((await getFilterOptions(brand)).categories.map((c) => c.slug));
  return CATEGORIES.filter((c) => listed.has(c.slug));
}
