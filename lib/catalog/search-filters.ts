import { z } from 'zod';
import { CATEGORY_SLUGS } from './categories';

// The listing's filters beyond the spec (additive): calendar dates, a place and a radius,
// and the order. Unlike paging, which is clamped, a filter that cannot mean anything is
// refused: an agent that asks for "2026-02-30" must learn it, not get every date.

/** Radius of `near`, in kilometres: the default, and the most that can be asked for. */
export const RADIUS_KM = { default: 50, max: 500 } as const;
export const SORTS = ['relevance', 'date', 'distance'] as const;
/** Sorting by the lowest price with fees is for the site, MCP and A2A: the API shows no prices. */
export const SORTS_WITH_PRICE = [...SORTS, 'price'] as const;
export type Sort = (typeof SORTS_WITH_PRICE)[number];
/** The most a price filter asks for, in reais. */
export const MAX_PRICE_BRL = 100_000;

export type SearchFilters = {
  /** First and last calendar day (YYYY-MM-DD) of the start, in each event's own time zone, inclusive. */
  dateFrom?: string;
  dateTo?: string;
  near?: { lat: number; lng: number };
  /** Radius of `near` as asked; absent: RADIUS_KM.default. */
  radiusKm?: number;
  /** As asked; absent: relevance with a search, date without. */
  sort?: Sort;
  /** A category of the taxonomy (lib/catalog/categories.ts), by slug. */
  category?: string;
  // Beyond the API (prices and ratings are not in its Event): the site, MCP and A2A.
  /** Only events with a lot on sale at no cost. */
  free?: boolean;
  /** Only events with a lot on sale at most this price with fees, in cents. */
  maxPriceCents?: number;
  /** Only events rated for all ages ("livre"). */
  allAges?: boolean;
};

/** The filters that read prices or ratings, which the public API does not offer. */
export const beyondApi = (f: SearchFilters): boolean => Boolean(f.free || f.maxPriceCents !== undefined || f.allAges || f.sort === 'price');

export type FilterErrorCode =
  | 'invalid_date'
  | 'invalid_date_range'
  | 'invalid_near'
  | 'invalid_radius'
  | 'invalid_sort'
  | 'invalid_category'
  | 'invalid_price';
export type FilterError = { code: FilterErrorCode; detail: string };

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

// A plain decimal number: no exponent, hex, Infinity or blanks inside.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const decimal = (raw: string): number | null => (DECIMAL.test(raw) ? Number(raw) : null);

const first = (params: URLSearchParams, name: string) => {
  const v = params.get(name)?.replaceAll('\0', '').trim();
  return v ? v : undefined;
};

/**
 * Reads the filters. A bad one is left out and reported (the first, in `error`): the API
 * refuses the request, the site and the agents' tools go on without it. Blank means absent.
 * `prices`: also the filters beyond the API (`free`, `price_max` in reais, `age_rating`
 * "livre", `sort=price`); the API never reads them.
 */
export function readSearchFilters(params: URLSearchParams, { prices = false }: { prices?: boolean } = {}): { filters: SearchFilters; error: FilterError | null } {
  const filters: SearchFilters = {};
  const errors: FilterError[] = [];
  const fail = (code: FilterErrorCode, detail: string) => errors.push({ code, detail });

  const dates = (['date_from', 'date_to'] as const).map((name) => {
    const value = first(params, name);
    if (value === undefined || isCalendarDate(value)) return value;
    fail('invalid_date', `${name} must be a calendar date written YYYY-MM-DD; "${value.slice(0, 40)}" is not one.`);
    return undefined;
  });
  const [dateFrom, dateTo] = dates;
  if (dateFrom && dateTo && dateTo < dateFrom) fail('invalid_date_range', `date_to (${dateTo}) is before date_from (${dateFrom}).`);
  else {
    filters.dateFrom = dateFrom;
    filters.dateTo = dateTo;
  }

  const near = first(params, 'near');
  if (near !== undefined) {
    const parts = near.split(',').map((p) => p.trim());
    const [lat, lng] = parts.map(decimal);
    if (parts.length !== 2 || lat == null || lng == null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      fail('invalid_near', 'near must be "<latitude>,<longitude>" in decimal degrees: latitude from -90 to 90, longitude from -180 to 180.');
    } else filters.near = { lat, lng };
  }
  const radius = first(params, 'radius_km');
  if (radius !== undefined) {
    const r = decimal(radius);
    if (r === null || r <= 0 || r > RADIUS_KM.max) fail('invalid_radius', `radius_km must be a number of kilometres above 0 and at most ${RADIUS_KM.max}.`);
    else filters.radiusKm = r;
  }

  const category = first(params, 'category');
  if (category !== undefined) {
    if (!(CATEGORY_SLUGS as readonly string[]).includes(category)) fail('invalid_category', `category must be one of ${CATEGORY_SLUGS.join(', ')}.`);
    else filters.category = category;
  }

  if (prices) {
    const free = first(params, 'free');
    if (free === 'true' || free === '1') filters.free = true;
    const max = first(params, 'price_max');
    if (max !== undefined) {
      const brl = decimal(max);
      if (brl === null || brl < 0 || brl > MAX_PRICE_BRL) fail('invalid_price', `price_max must be a number of reais from 0 to ${MAX_PRICE_BRL}.`);
      else if (brl === 0) filters.free = true;
      else filters.maxPriceCents = Math.round(brl * 100);
    }
    if (first(params, 'age_rating') === 'livre') filters.allAges = true;
  }

  const sorts: readonly string[] = prices ? SORTS_WITH_PRICE : SORTS;
  const sort = first(params, 'sort');
  if (sort !== undefined) {
    if (!sorts.includes(sort)) fail('invalid_sort', `sort must be one of ${sorts.join(', ')}.`);
    else if (sort === 'distance' && !filters.near) fail('invalid_sort', 'sort=distance needs near=<latitude>,<longitude>.');
    else filters.sort = sort as Sort;
  }
  return { filters, error: errors[0] ?? null };
}

/** The filters as documented in openapi.json. */
export const SearchFiltersDoc = {
  date_from: z.string().optional().meta({
    description: 'First calendar day (YYYY-MM-DD) on which listed events start, in each event\'s own time zone; inclusive. An impossible date is 400 `invalid_date`.',
    example: '2026-12-05',
  }),
  date_to: z.string().optional().meta({
    description: 'Last calendar day (YYYY-MM-DD) on which listed events start, in each event\'s own time zone; inclusive. Before `date_from`: 400 `invalid_date_range`.',
    example: '2026-12-07',
  }),
  near: z.string().optional().meta({
    description: 'Only events whose venue lies within `radius_km` (great-circle distance) of `<latitude>,<longitude>` in decimal degrees. Online events are left out. Bad coordinates: 400 `invalid_near`.',
    example: '-23.55,-46.63',
  }),
  radius_km: z.string().optional().meta({
    description: `Radius of \`near\` in kilometres: above 0, at most ${RADIUS_KM.max}; default ${RADIUS_KM.default}. Anything else: 400 \`invalid_radius\`. Ignored without \`near\`.`,
    example: '25',
  }),
  category: z.enum(CATEGORY_SLUGS).optional().meta({
    description: `Only events of this category (the slugs of the catalog's taxonomy). Anything else: 400 \`invalid_category\`. A search text that names a category ("teatro", "stand up", "pra criança") also finds its events.`,
    example: 'teatro',
  }),
  sort: z.enum(SORTS).optional().meta({
    description: 'Order of the results: `relevance` (the default with `q`; without `q` it is `date`), `date` (soonest first) or `distance` (nearest venue first, then soonest; needs `near`, else 400 `invalid_sort`). Ties always go to the sooner event, then to id.',
  }),
};
