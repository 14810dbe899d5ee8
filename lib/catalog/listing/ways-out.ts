import type { Brand } from '../../brand/schema';
import { categoryBySlug } from '../categories';
import { ALL_FILTERS, type AnyFilter } from '../filters';
import type { FilterOptions } from '../filters/options';
import { brandTimeZone, localToday } from '../search/relative-dates';
import { fold, OPTIONAL_WORDS, rawWords } from '../search/search-terms';
import type { EventList } from '../public-schema';
import { listEvents } from './events';
import { parseListQuery, PER_PAGE } from './query-params';
import { readSearchFilters } from './search-filters';

// What would find events when a search found none, for the site, MCP and A2A alike: the
// same search without each of its filters in turn (the words, the dates, the city…), over
// the 30 days after its dates, in other cities where it finds events (those of the first
// page of the same search anywhere); and, when the words themselves match nothing, the
// catalog's categories and cities (also when nothing else would find anything, after the
// words alone when several filters are in the way together). (Without one of several words finds nothing more: an
// event that matches any word is a result.) Each way is a catalog query and its count: a count of the listing (capped, as
// every listing's), or, for categories and cities, the summary the filters already offer
// (migration 011), never a statement that visits every event. Only ways that find
// something are offered; each surface says them in its own words and requests.

/** A count as the listing gives it: exact, or a lower bound ("gte"). */
export type WayCount = Pick<EventList['meta'], 'total' | 'total_relation'>;

export type WayOut =
  /** Without a filter (`filter`: its declaration, or null for the words). */
  | { kind: 'without'; filter: AnyFilter | null; params: URLSearchParams; count: WayCount }
  /** The words alone, without any filter (when dropping one filter is not enough). */
  | { kind: 'only_words'; params: URLSearchParams; count: WayCount }
  /** The 30 days from the first day asked for (today, for a past one). */
  | { kind: 'later'; from: string; to: string; params: URLSearchParams; count: WayCount }
  /** The same search in another city of the catalog. */
  | { kind: 'other_city'; city: string; params: URLSearchParams; count: WayCount }
  /** Words that match nothing: a category, or a city, of the catalog, alone. */
  | { kind: 'category'; slug: string; params: URLSearchParams; count: WayCount }
  | { kind: 'city'; city: string; params: URLSearchParams; count: WayCount };

/** What a way is called where people read it (the site, A2A): "Em qualquer data", "Sem “jazz”", "Em Salvador". */
export function wayLabel(way: WayOut | Candidate, q: string): string {
  switch (way.kind) {
    case 'without':
      return way.filter ? way.filter.site.drop!('') : `Sem as palavras “${q.slice(0, 60)}”`;
    case 'only_words':
      return `Só as palavras “${q.slice(0, 60)}”, sem filtros`;
    case 'later':
      return 'Nos 30 dias seguintes';
    case 'other_city':
      return `Em ${way.city}`;
    case 'category':
      return categoryBySlug(way.slug)?.label ?? way.slug;
    case 'city':
      return `Eventos em ${way.city}`;
  }
}

/** A way before it is counted. */
type Candidate = WayOut extends infer W ? (W extends WayOut ? Omit<W, 'count'> : never) : never;

/** Other cities offered, categories and cities offered for words that match nothing. */
const OTHER_CITIES = 3;
const BROWSE = 6;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const without = (params: URLSearchParams, names: readonly string[]) => {
  const next = new URLSearchParams(params);
  for (const name of [...names, 'page', 'per_page']) next.delete(name);
  return next;
};

const only = (name: string, value: string) => new URLSearchParams({ [name]: value });

/** How many events a catalog query lists (one listing count, capped). */
async function countOf(brand: Brand, params: URLSearchParams): Promise<WayCount> {
  const asked = new URLSearchParams(params);
  asked.set('per_page', '1');
  const { meta } = (await listEvents(brand, parseListQuery(asked, { prices: true }))).list;
  return { total: meta.total, total_relation: meta.total_relation };
}

/**
 * Ways out of a search that found nothing: `params` are the catalog's query parameters it
 * was asked with (words already read into filters), `options` the filters' offer (its
 * counts of cities and categories).
 */
export async function waysOut(brand: Brand, params: URLSearchParams, options: FilterOptions, now = new Date()): Promise<WayOut[]> {
  const { filters } = readSearchFilters(params, { prices: true });
  const active = ALL_FILTERS.filter((f) => f.active?.(filters as never) && f.site.drop);
  const q = params.get('q')?.trim() ?? '';
  const words = rawWords(q).filter((w) => !OPTIONAL_WORDS.has(fold(w)));
  const candidates: Candidate[] = [];
  if (words.length > 0 && active.length > 0) candidates.push({ kind: 'without', filter: null, params: without(params, ['q']) });
  for (const f of [...active].sort((a, b) => a.site.order - b.site.order)) candidates.push({ kind: 'without', filter: f, params: without(params, f.params) });
  if (filters.dateFrom || filters.dateTo) {
    const today = localToday(now, brandTimeZone(brand));
    const from = filters.dateFrom && filters.dateFrom > today ? filters.dateFrom : today;
    const to = addDays(from, 30);
    const next = without(params, []);
    next.set('date_from', from);
    next.set('date_to', to);
    candidates.push({ kind: 'later', from, to, params: next });
  }
  if (filters.city) {
    // The cities of the first page of the same search anywhere: where it finds something.
    const here = fold(filters.city);
    const anywhere = without(params, ['city']);
    anywhere.set('per_page', String(PER_PAGE.max));
    const { data } = (await listEvents(brand, parseListQuery(anywhere, { prices: true }))).list;
    const others = [...new Set(data.map((e) => e.location?.city).filter((c): c is string => Boolean(c) && fold(c!) !== here))];
    for (const city of others.slice(0, OTHER_CITIES)) {
      const next = without(params, []);
      next.set('city', city);
      candidates.push({ kind: 'other_city', city, params: next });
    }
  }
  const counted = await Promise.all(candidates.map(async (c) => ({ ...c, count: await countOf(brand, c.params) }) as WayOut));
  const ways = counted.filter((w) => w.count.total > 0);
  // Words that match nothing, filters or not: the catalog's kinds and places, as its summary counts them.
  const wordsAlone = words.length === 0 ? null : active.length === 0 ? { total: 0, total_relation: 'eq' as const } : await countOf(brand, only('q', q));
  // Several filters, none of which alone is in the way: the words alone.
  if (ways.length === 0 && wordsAlone && wordsAlone.total > 0 && active.length > 1) ways.push({ kind: 'only_words', params: only('q', q), count: wordsAlone });
  // Words that match nothing, or nothing else found: the catalog's kinds of event and places.
  if (wordsAlone?.total === 0 || ways.length === 0) {
    const top = <T extends { events: number }>(list: readonly T[]) => [...list].sort((a, b) => b.events - a.events).slice(0, BROWSE);
    for (const c of top(options.categories)) ways.push({ kind: 'category', slug: c.slug, params: only('category', c.slug), count: { total: c.events, total_relation: 'eq' } });
    for (const c of top(options.cities)) ways.push({ kind: 'city', city: c.city, params: only('city', c.city), count: { total: c.events, total_relation: 'eq' } });
  }
  return ways;
}
