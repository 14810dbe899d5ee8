import type { z } from 'zod';
import type { Brand } from '../../brand/schema';

// What a filter of the listing is, once: how the API reads it and documents it, its error
// codes, its SQL, its part of the snapshot key, its field and chip on the website, its
// input on MCP, and how words in a request set it. Every surface derives from these
// declarations (the list is ./index.ts); a filter names no surface and a surface names
// no filter.

/** Binds a value as a statement parameter and returns its placeholder. */
export type Add = (value: unknown) => string;

/** A problem a filter's value can give: always a 400 (lib/http/problem.ts lists it). */
export type FilterProblem = { title: string; about: string; when: string };

/** A point in decimal degrees. */
export type Point = { lat: number; lng: number };

export type ReadContext<C extends string> = {
  /** Reports a value that cannot mean anything; the API answers the first one as a 400. */
  fail: (code: C, detail: string) => void;
  /** Whether the filters beyond the public API are read (the site, MCP, A2A, calendar feeds). */
  prices: boolean;
  /** The values the filters before this one have read (`sort=distance` needs `near`). */
  read: Readonly<Record<string, unknown>>;
};

export type SiteContext = {
  brand: Brand;
  now: Date;
  /** The centre of a city of the brand's catalog ("perto de"), or null. */
  center: (city: string) => Point | null;
  /** The brand's cities as the catalog spells them ("São Paulo"): places said in the words. */
  cities: readonly string[];
};

export type McpContext = {
  brand: Brand;
  now: Date;
  /** Today in the brand's time zone, and that zone: what relative dates mean. */
  today: string;
  timeZone: string;
  /** The centre of a city of the brand's catalog, or null. */
  center: (city: string) => Promise<Point | null>;
  /** The brand's cities as the catalog spells them: places said in `q`. */
  cities: readonly string[];
};

export type NaturalContext = {
  now: Date;
  timeZone: string;
  /** The brand's cities with the mean position of their venues. */
  cities: ReadonlyArray<{ city: string; lat: number | null; lng: number | null }>;
  /** An amount in reais as people read it ("R$ 50,00"). */
  brl: (cents: number) => string;
};

/** What words of a request (folded) said of a filter: the words left, and the filter as catalog parameters. */
export type WordsRead = { rest: string; set: (params: URLSearchParams) => void; note: string };

export type FilterDeclaration<V extends object, C extends string = never> = {
  /** The filter's name (its file's), in docs/api.md's table. */
  name: string;
  /** One line for the documentation table. */
  summary: string;
  /** Read by the public API (else only by the site, MCP, A2A and calendar feeds). */
  api: boolean;
  /** The API's query parameters, as openapi.json documents them (API filters only). */
  doc?: Record<string, z.ZodType>;
  /** The catalog's query parameters the filter reads. */
  params: readonly string[];
  problems?: Record<C, FilterProblem>;
  /** Reads the filter from the catalog's query parameters (blank is absent); a bad value is left out and reported. */
  read: (params: URLSearchParams, ctx: ReadContext<C>) => V;
  /** The filter's part of the snapshot key: different values, different parts. */
  key: (v: V) => string;
  /** Whether the listing is filtered by it (for the site's "filtered" listing). Absent: never (an order). */
  active?: (v: V) => boolean;
  sql?: {
    /** The events' columns a condition reads (the events under way are gathered with them). */
    columns?: readonly string[];
    /** Conditions on an events row `e` ($1 the brand, $2 the instant). */
    where?: (v: V, add: Add) => string[];
    /**
     * The keys of the search postings every result has (one, or several that a result
     * has all of: the first is walked when it leads), and their rank (the most selective
     * first: the first key is walked, the others probed). `walk`: a listing with no words
     * and no point walks these postings rather than the events' own indexes.
     */
    posting?: {
      rank: number;
      walk: boolean;
      key: (v: V, add: Add) => string | readonly string[] | null;
      /**
       * The column of every postings entry that carries the filter's value (migration 028),
       * and the value it must hold, or null where the key is needed: a search then reads
       * the filter from each entry it walks, with no key to join or probe.
       */
      carried?: { column: string; value: (v: V) => string | null };
    };
    /**
     * The earliest instant at which an event that meets the filter can start, as SQL that
     * reads no column of the event, or null. Where it is not before the listing's instant
     * ($2), no event under way (started already) meets the filter, and the events under way
     * are not read.
     */
    startsFrom?: (v: V, add: Add) => string | null;
    /**
     * A condition on a row \`d\` of the summary's city buckets (listed_event_days: its
     * \`value\`, the city; its \`state\`) that keeps the buckets of the filter's events. A
     * listing whose filters all have one is counted from the summary first when it can be
     * (list-sql.ts, listedAfterThisMonth).
     */
    cityBuckets?: (v: V, add: Add) => string;
    /** Conditions on a walked postings entry `p` (p.starts_at, p.event_id) that its key cannot answer. */
    entry?: (v: V, add: Add) => string[];
  };
  site: {
    /** The form's fields that make up the filter; the first names its chip. Removing the chip removes them all. */
    fields: readonly string[];
    /** Position of its chip among the active filters (the words are 0). */
    order: number;
    /** Its chip's label for the form's values, or null when they set nothing. */
    chip: (form: URLSearchParams, organizerName: string | null) => string | null;
    /** The way forward from an empty listing without it ("Em todas as categorias"). */
    drop?: (chip: string) => string;
    /** Turns the form's fields into the catalog's parameters (in `params`, a copy of the form). */
    toParams?: (form: URLSearchParams, params: URLSearchParams, ctx: SiteContext) => void;
    /** Words of the search box that set the field instead ("grátis"), unless the form sets it. */
    words?: (folded: string, form: URLSearchParams, next: URLSearchParams, ctx: SiteContext) => string | null;
    /**
     * A group of chips of the form's own (a filter whose controls the form does not lay
     * out by name): its legend, field and choices, the first meaning "any".
     */
    form?: { legend: string; field: string; choices: ReadonlyArray<{ value: string; label: string }> };
  };
  mcp: {
    /** The search tool's input properties. */
    input: (ctx: Pick<McpContext, 'today' | 'timeZone'>) => Record<string, z.ZodType>;
    /** Sets the catalog's parameters from the tool's arguments; a string is an error to return. */
    toParams: (args: Record<string, unknown>, params: URLSearchParams, ctx: McpContext) => Promise<string | void> | string | void;
    /** Words of `q` that set the filter when the arguments did not. */
    words?: (params: URLSearchParams, ctx: McpContext) => void;
    /**
     * The tool's arguments for the filter's catalog parameters (the inverse of toParams),
     * for a ready call to make again; absent: the parameters named as the inputs, as text.
     */
    args?: (params: URLSearchParams) => Record<string, unknown>;
  };
  /** Words of an agent's request (A2A) that set the filter ("perto de Recife"). */
  natural?: (folded: string, ctx: NaturalContext) => WordsRead | null;
};

/**
 * Declares a filter: `V` is its values in a listing's query, `C` its error codes
 * (inferred from `problems`).
 */
export const defineFilter =
  <V extends object>() =>
  <const C extends string = never>(declaration: FilterDeclaration<V, C>): FilterDeclaration<V, C> =>
    declaration;

/** A parameter's first value without NUL and blanks; blank is absent. */
export const first = (params: URLSearchParams, name: string): string | undefined => {
  const v = params.get(name)?.replaceAll('\0', '').trim();
  return v ? v : undefined;
};

// A plain decimal number: no exponent, hex, Infinity or blanks inside.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
export const decimal = (raw: string): number | null => (DECIMAL.test(raw) ? Number(raw) : null);

/** The most characters a text parameter keeps. */
export const MAX_TEXT_LENGTH = 200;

/** A text parameter: NUL removed (PostgreSQL text cannot hold it), trimmed, cut; blank is absent. */
export function text(raw: string | null, max = MAX_TEXT_LENGTH): string | undefined {
  const value = raw?.replaceAll('\0', '').trim().slice(0, max);
  return value ? value : undefined;
}

/** Copies the tool's arguments `names` that were given into the catalog's parameters. */
export function copyArgs(args: Record<string, unknown>, params: URLSearchParams, names: readonly string[]): void {
  for (const name of names) if (args[name] !== undefined) params.set(name, String(args[name]));
}
