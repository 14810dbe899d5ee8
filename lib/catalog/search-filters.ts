import { z } from 'zod';

// The listing's filters beyond the spec (additive): calendar dates, a place and a radius,
// and the order. Unlike paging, which is clamped, a filter that cannot mean anything is
// refused: an agent that asks for "2026-02-30" must learn it, not get every date.

/** Radius of `near`, in kilometres: the default, and the most that can be asked for. */
export const RADIUS_KM = { default: 50, max: 500 } as const;
export const SORTS = ['relevance', 'date', 'distance'] as const;
export type Sort = (typeof SORTS)[number];

export type SearchFilters = {
  /** First and last calendar day (YYYY-MM-DD) of the start, in each event's own time zone, inclusive. */
  dateFrom?: string;
  dateTo?: string;
  near?: { lat: number; lng: number };
  /** Radius of `near` as asked; absent: RADIUS_KM.default. */
  radiusKm?: number;
  /** As asked; absent: relevance with a search, date without. */
  sort?: Sort;
};

export type FilterErrorCode = 'invalid_date' | 'invalid_date_range' | 'invalid_near' | 'invalid_radius' | 'invalid_sort';
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
 */
export function readSearchFilters(params: URLSearchParams): { filters: SearchFilters; error: FilterError | null } {
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

  const sort = first(params, 'sort');
  if (sort !== undefined) {
    if (!(SORTS as readonly string[]).includes(sort)) fail('invalid_sort', `sort must be one of ${SORTS.join(', ')}.`);
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
  sort: z.enum(SORTS).optional().meta({
    description: 'Order of the results: `relevance` (the default with `q`; without `q` it is `date`), `date` (soonest first) or `distance` (nearest venue first, then soonest; needs `near`, else 400 `invalid_sort`). Ties always go to the sooner event, then to id.',
  }),
};
