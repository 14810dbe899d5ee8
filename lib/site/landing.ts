import type { Brand } from '../brand/schema';
import { categoriesWithEvents, findCategory, findCity, findOrganizer, landingCities } from '../catalog/listing/landing-subjects';

// Landing pages: one per city, category and organizer of a brand, each the listing of its
// upcoming events under an address of its own. What each kind is called, where it lives
// and which listing filter it stands for is decided here, once, for the pages, their
// calendar feeds and the sitemap.

export const LANDING_KINDS = ['city', 'category', 'organizer'] as const;
export type LandingKind = (typeof LANDING_KINDS)[number];

/** The path prefix of each kind (Portuguese, as the rest of the site). */
const PREFIX: Record<LandingKind, string> = { city: '/eventos-em', category: '/categoria', organizer: '/produtores' };
/** The listing filter each kind stands for (the API's query parameter). */
const FILTER_PARAM: Record<LandingKind, string> = { city: 'city', category: 'category', organizer: 'organization' };

export type Landing = {
  kind: LandingKind;
  slug: string;
  /** The page's path on the brand's site, e.g. "/eventos-em/recife". */
  path: string;
  /** The page's heading: "Eventos em Recife", "Teatro e espetáculos", "Eventos de Forró Pé de Serra". */
  heading: string;
  /** The meta description. */
  description: string;
  /** The listing's query parameters this page shows (city, category or organization). */
  params: URLSearchParams;
};

const LANDING_PAGE = /^\/(?:eventos-em|categoria|produtores)\/[^/]+$/;

/** Whether a path is a landing page's (whose subject may not exist). */
export const isLandingPath = (pathname: string): boolean => LANDING_PAGE.test(pathname);

/** The list of the brand's organizers, each leading to its landing page. */
export const ORGANIZERS_PATH = '/produtores';

export const landingPath = (kind: LandingKind, slug: string): string => `${PREFIX[kind]}/${encodeURIComponent(slug)}`;
export const cityPath = (slug: string) => landingPath('city', slug);
export const categoryPath = (slug: string) => landingPath('category', slug);
export const organizerPath = (slug: string) => landingPath('organizer', slug);

/** The landing page's <title>: "Eventos em Recife — Aurora Ingressos". */
export const landingTitle = (brand: Brand, landing: Pick<Landing, 'heading'>): string => `${landing.heading} — ${brand.name}`;

function landing(kind: LandingKind, slug: string, heading: string, description: string, filter: string): Landing {
  return { kind, slug, path: landingPath(kind, slug), heading, description, params: new URLSearchParams({ [FILTER_PARAM[kind]]: filter }) };
}

/**
 * The landing page of a slug, or null when there is none: a city or an organizer without
 * events listed now, or a slug that names no category.
 */
export async function findLanding(brand: Brand, kind: LandingKind, slug: string): Promise<Landing | null> {
  if (kind === 'city') {
    const city = await findCity(brand, slug);
    return city && landing('city', city.slug, `Eventos em ${city.name}`, `Próximos eventos em ${city.name} na ${brand.name}: datas, locais e ingressos.`, city.name);
  }
  if (kind === 'category') {
    const category = findCategory(slug);
    return category && landing('category', category.slug, category.label, `${category.label}: os próximos eventos na ${brand.name}, com datas, locais e ingressos.`, category.slug);
  }
  const organizer = await findOrganizer(brand, slug);
  return organizer && landing('organizer', organizer.slug, `Eventos de ${organizer.name}`, `Próximos eventos de ${organizer.name} na ${brand.name}: datas, locais e ingressos.`, organizer.slug);
}

/**
 * The paths of the city and category pages worth indexing (those with events). Organizers
 * are too many to list at once: the sitemap reads their pages by key ranges.
 */
export async function landingPaths(brand: Brand): Promise<string[]> {
  const [cities, categories] = await Promise.all([landingCities(brand), categoriesWithEvents(brand)]);
  return [...cities.map((c) => cityPath(c.slug)), ...categories.map((c) => categoryPath(c.slug))];
}
