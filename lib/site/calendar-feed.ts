import type { Brand } from '../brand/schema';
import { soonestListed } from '../catalog/listing/events';
import { getFilterOptions } from '../catalog/filters/options';
import { PER_PAGE, parseListQuery, type ListQuery } from '../catalog/listing/query-params';
import type { EventListItem } from '../catalog/public-schema';
import { eventRevisions } from '../catalog/revisions';
import { readSearchFilters } from '../catalog/listing/search-filters';
import { snapshot } from '../catalog/snapshot-cache';
import { ApiError } from '../http/problem';
import { feedCalendar } from './icalendar';
import { findLanding, landingTitle, type Landing, type LandingKind } from './landing';
import { listingParams } from './listing-params';

// Subscribable calendars: any listing (a search with its filters, a city, a category, an
// organizer) as an iCalendar feed of its soonest events. A feed starts from the soonest
// event whatever page the listing showed, and holds at most FEED_LIMIT events, read by
// one statement (no count): its time grows with the events it holds, up to the cap.

/** The most events a feed holds: two API pages of the largest size. */
export const FEED_LIMIT = 2 * PER_PAGE.max;
/** How often a subscriber is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_S = 60 * 60;
/** The feed of the listing: `/calendario.ics?<the listing's query parameters>`. */
export const LISTING_FEED_PATH = '/calendario.ics';
/** Listing parameters a feed does not take: it always starts from the soonest event, and its size is its own. */
const PAGING = ['page', 'per_page'];

/** The feed path of a listing with these query parameters (blank ones and paging left out). */
export function listingFeedPath(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (value.trim() !== '' && !PAGING.includes(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `${LISTING_FEED_PATH}?${search}` : LISTING_FEED_PATH;
}

/** The feed path of a landing page: `/eventos-em/recife/calendario.ics`. */
export const landingFeedPath = (landing: Pick<Landing, 'path'>): string => `${landing.path}/calendario.ics`;

/** The address calendars subscribe to: the brand's own host (never the request's), with the webcal scheme. */
export function webcalUrl(brand: Brand, path: string): string {
  return new URL(path, brand.site_url).toString().replace(/^https?:/, 'webcal:');
}

/** The feed of the listing for these query parameters (as the listing page reads them); a bad filter is an ApiError. */
export async function listingFeed(brand: Brand, params: URLSearchParams): Promise<string> {
  const translated = listingParams(params, await getFilterOptions(brand), brand);
  const { error } = readSearchFilters(translated, { prices: true });
  if (error) throw new ApiError(error.code, error.detail);
  const query = parseListQuery(translated, { prices: true });
  const heading = query.q ? `Eventos: ${query.q}` : 'Próximos eventos';
  return feed(brand, query, listingFeedPath(params), {
    name: `${heading} — ${brand.name}`,
    description: `Os próximos eventos desta busca na ${brand.name}, os mais próximos primeiro.`,
  });
}

/** The feed of a landing page; one that does not exist is an ApiError (not_found). */
export async function landingFeed(brand: Brand, kind: LandingKind, slug: string): Promise<string> {
  const landing = await findLanding(brand, kind, slug);
  if (!landing) throw new ApiError('not_found', `No ${kind} of ${brand.name} has the slug "${slug.slice(0, 80)}", or it has no upcoming events.`);
  return feed(brand, parseListQuery(landing.params), landingFeedPath(landing), { name: landingTitle(brand, landing), description: landing.description });
}

/** The soonest events of a listing, at most FEED_LIMIT, with their last change; one text per window. */
function feed(brand: Brand, query: ListQuery, path: string, info: { name: string; description: string }): Promise<string> {
  return snapshot(`feed|${brand.id}|${path}`, async () => {
    const events = await soonestEvents(brand, query);
    const revisions = await eventRevisions(brand, events.map((e) => e.id));
    return feedCalendar(
      brand,
      { ...info, url: new URL(path, brand.site_url).toString(), refreshSeconds: FEED_REFRESH_S },
      events.map((event) => ({ event, revision: revisions.get(event.id) ?? null })),
    );
  });
}

/** Up to FEED_LIMIT events of the listing with a start, soonest first: one statement, whatever the catalog's size. */
const soonestEvents = (brand: Brand, query: ListQuery): Promise<EventListItem[]> => soonestListed(brand, query, FEED_LIMIT);
