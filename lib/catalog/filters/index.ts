import { accessibility } from './accessibility';
import { allAges } from './all-ages';
import { category } from './category';
import { city } from './city';
import { dates } from './dates';
import type { FilterDeclaration, FilterProblem } from './declaration';
import { near } from './near';
import { organization } from './organization';
import { price } from './price';
import { sort } from './sort';
import { state } from './state';

// The listing's filters, each declared once in its own file. The order is the one they
// are read in (the first bad value is the one the API answers), documented in
// (openapi.json, the MCP tool's input, docs/api.md) and turned into SQL. A new filter is
// a new file, added here.
export const FILTERS = [city, state, organization, dates, near, category, accessibility, price, allAges, sort] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ValueOf<F> = F extends FilterDeclaration<infer V, infer _C> ? V : never;
type CodeOf<F> = F extends FilterDeclaration<infer _V, infer C> ? C : never;

/** Every filter's values in a listing's query. */
export type FilterValues = UnionToIntersection<ValueOf<(typeof FILTERS)[number]>>;
/** The filters' error codes. */
export type FilterErrorCode = CodeOf<(typeof FILTERS)[number]>;
export type FilterError = { code: FilterErrorCode; detail: string };

/** A declaration seen from a surface: whatever its values, read as the listing's query. */
export type AnyFilter = FilterDeclaration<FilterValues & Record<string, unknown>, FilterErrorCode>;
/** The filters, for the surfaces that go through all of them. */
export const ALL_FILTERS = FILTERS as unknown as readonly AnyFilter[];

const problemsOf = (filters: readonly AnyFilter[]) => filters.flatMap((f) => Object.entries(f.problems ?? {}) as Array<[FilterErrorCode, FilterProblem]>);

// The error table (lib/http/problem.ts, and so openapi.json) has listed the codes of the
// first filters since they were published, sort's before the later category's and price's;
// the others follow in the order above.
const PUBLISHED_FIRST: readonly AnyFilter[] = [dates, near, sort] as unknown as AnyFilter[];

/** Every filter's problems, as the one error table lists them (each a 400). */
export const FILTER_PROBLEMS = Object.fromEntries(
  problemsOf([...PUBLISHED_FIRST, ...ALL_FILTERS.filter((f) => !PUBLISHED_FIRST.includes(f))]).map(([code, p]) => [code, { status: 400, title: p.title, about: p.about }]),
) as Record<FilterErrorCode, { status: 400; title: string; about: string }>;

/** The codes the API answers for a bad filter, in the order above. */
export const API_FILTER_CODES: FilterErrorCode[] = problemsOf(ALL_FILTERS.filter((f) => f.api)).map(([code]) => code);
