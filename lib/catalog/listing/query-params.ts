import { z } from 'zod';
import { text } from '../filters/declaration';
import { readSearchFilters, SearchFiltersDoc, type SearchFilters } from './search-filters';

// Bounds from the spec (section 8). Values outside them are clamped, not refused.
export const PAGE = { min: 1, default: 1 } as const;
export const PER_PAGE = { min: 1, max: 50, default: 20 } as const;
/** Deep pages are bounded: past this offset the catalog answers with an empty page. */
export const MAX_OFFSET = 10_000;
/**
 * A search (a text with a meaningful word) reaches less deep: its results are ranked,
 * and nobody reads a ranking past its thousandth result (the deep-paging limit of
 * Ticketmaster, GitHub and Algolia). Its count costs in proportion to this bound.
 */
export const SEARCH_MAX_OFFSET = 1_000;

/** The deepest offset a listing reaches: a search's or a plain listing's. */
export const maxOffset = (search: boolean) => (search ? SEARCH_MAX_OFFSET : MAX_OFFSET);
export const MAX_QUERY_LENGTH = 200;

/** The listEvents query as documented in openapi.json. */
export const ListQueryDoc = z.object({
  q: z.string().optional().meta({ description: `Search text over event name, producer, venue, city and state, as people and agents type it: case and accents never matter; stop words and filler ("em", "de", "in", "eventos", "events") are optional; a city or a state (name or abbreviation, "sp") is a place; one typo is tolerated in words of five letters or more; the last word is a prefix. Not every word must match: events that match more words, and in weightier fields (name, then producer, then venue and city), come first. A text without a meaningful word is no search. Cut to ${MAX_QUERY_LENGTH} characters.` }),
  ...SearchFiltersDoc,
  page: z.int().min(PAGE.min).default(PAGE.default).meta({ description: `Page number. Below 1 or not a number: 1. Past the end: an empty \`data\` with the true \`meta\`. Deep pages are bounded: a page whose offset passes ${MAX_OFFSET.toLocaleString('en')} (a search: ${SEARCH_MAX_OFFSET.toLocaleString('en')}) is empty; \`meta.last_page\` is the last one that can be reached.` }),
  per_page: z.int().min(PER_PAGE.min).max(PER_PAGE.max).default(PER_PAGE.default).meta({ description: 'Page size. Not a number: 20; below 1: 1; above 50: 50. `meta.per_page` tells the size used.' }),
});

/** A listing's query: the search text, the page, and the filters (lib/catalog/filters). */
export type ListQuery = {
  q?: string;
  page: number;
  perPage: number;
} & SearchFilters;

/**
 * A decimal number: optional sign, digits, optional fraction (cut). Hexadecimal,
 * octal, binary, exponents, `Infinity` and digit groupings are not numbers here.
 */
const DECIMAL = /^[+-]?(\d+)(?:\.\d*)?$|^[+-]?\.\d+$/;

function clampInt(raw: string | null, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = raw?.trim() ?? '';
  if (!DECIMAL.test(value)) return fallback;
  const n = Number(value);
  // Hundreds of digits: beyond any bound, on its side.
  if (!Number.isFinite(n)) return n > 0 ? max : min;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/**
 * Reads listEvents parameters leniently: blank means absent, numbers are clamped.
 * `prices`: also the filters beyond the API (the site, MCP and A2A; see readSearchFilters).
 */
export function parseListQuery(params: URLSearchParams, options: { prices?: boolean } = {}): ListQuery {
  return {
    q: text(params.get('q'), MAX_QUERY_LENGTH),
    page: clampInt(params.get('page'), PAGE.default, PAGE.min),
    perPage: clampInt(params.get('per_page'), PER_PAGE.default, PER_PAGE.min, PER_PAGE.max),
    // Filters that cannot mean anything are left out here; the API refuses them (checkListQuery).
    ...readSearchFilters(params, options).filters,
  };
}
