import type { Brand } from '../../brand/schema';
import { categoryBySlug } from '../../catalog/categories';
import { ALL_FILTERS } from '../../catalog/filters';
import type { FilterOptions } from '../../catalog/filters/options';
import { waysOut, type WayCount, type WayOut } from '../../catalog/listing/ways-out';

// search_events' ways out of an empty answer (the site's, lib/catalog/listing/ways-out.ts):
// each one said, with its count and the arguments to call the tool with again.

/** The tool's arguments that ask the catalog's query `params` (each filter's inverse of its toParams). */
export function searchArgs(params: URLSearchParams): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (params.get('q')) args.q = params.get('q');
  for (const filter of ALL_FILTERS) {
    if (filter.mcp.args) Object.assign(args, filter.mcp.args(params));
    else for (const name of filter.params) if (params.get(name)) args[name] = params.get(name);
  }
  return args;
}

const count = (c: WayCount) => `${c.total}${c.total_relation === 'gte' ? '+' : ''} ${c.total === 1 && c.total_relation === 'eq' ? 'event' : 'events'}`;

function said(way: WayOut): string {
  switch (way.kind) {
    case 'without':
      return way.filter ? `without the ${way.filter.name} filter` : 'without the words';
    case 'only_words':
      return 'the words alone, without any filter';
    case 'later':
      return `from ${way.from} to ${way.to}`;
    case 'other_city':
      return `in ${way.city} instead`;
    case 'category':
      return `the category ${way.slug} (${categoryBySlug(way.slug)?.label ?? way.slug}), without the words`;
    case 'city':
      return `the city ${way.city}, without the words`;
  }
}

/** The note of an empty answer: what would find events, or null when nothing would. */
export async function waysOutNote(brand: Brand, params: URLSearchParams, options: FilterOptions, now: Date): Promise<string | null> {
  const ways = await waysOut(brand, params, options, now);
  if (ways.length === 0) return null;
  const lines = ways.map((w) => `- ${said(w)}: ${count(w.count)}; arguments: ${JSON.stringify(searchArgs(w.params))}`);
  return `No event matches this search. Ways out, each with how many events it finds and the arguments to call search_events with again:\n${lines.join('\n')}`;
}
