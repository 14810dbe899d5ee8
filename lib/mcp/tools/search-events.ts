import { z } from 'zod';
import { cardState } from '../../catalog/listing/cards';
import { listEventCards } from '../../catalog/listing/events';
import { ALL_FILTERS } from '../../catalog/filters';
import type { McpContext } from '../../catalog/filters/declaration';
import { cityCenter, getFilterOptions } from '../../catalog/filters/options';
import { EventListSchema } from '../../catalog/public-schema';
import { MAX_QUERY_LENGTH, parseListQuery, PER_PAGE } from '../../catalog/listing/query-params';
import { brandTimeZone, localToday } from '../../catalog/search/relative-dates';
import { readSearchFilters } from '../../catalog/listing/search-filters';
import { formatBrl } from '../../catalog/event/tickets';
import { copyArgs } from '../../catalog/filters/declaration';
import { failure, type Tool } from './tool';
import { waysOutNote } from './ways-out-note';

/** The tool's input: the words, every filter's own input (lib/catalog/filters), the page. */
const searchInput = (today: string, timeZone: string) => ({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .optional()
    .describe(
      'What to look for, in plain words (Portuguese or English): artist, genre, event name, producer, venue, city or state ("forró em Recife", "jazz sp", "stand up"). Accents, case, stop words and one typo per long word do not matter; events matching more words rank first. A city of the catalog or a state ("em Recife", "in São Paulo", "Pernambuco", "SP"), a date ("hoje", "sábado", "este fim de semana", "em dezembro", "dia 12", "from 2026-12-01 to 2026-12-05") and a price ("grátis", "até 50 reais") in the words are read as filters and leave the words, unless city/state/near, when/date_from/date_to or free/max_price are given. When nothing matches, a text part lists ways out, each with its count and the arguments to call again.',
    ),
  ...Object.assign({}, ...ALL_FILTERS.map((f) => f.mcp.input({ today, timeZone }))),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(PER_PAGE.max).optional(),
});

/** The catalog's query parameters for the tool's arguments, or an error to return. */
export async function searchParams(args: Record<string, unknown>, ctx: McpContext): Promise<URLSearchParams | string> {
  const params = new URLSearchParams();
  copyArgs(args, params, ['page', 'per_page']);
  if (args.q) params.set('q', args.q as string);
  for (const filter of ALL_FILTERS) {
    const error = await filter.mcp.toParams(args, params, ctx);
    if (error) return error;
  }
  // Words of q set the filters the arguments left unset. The tool has always read a price
  // before a date ("samba até 50 hoje" is a price and a day): the filters in reverse order.
  for (const filter of [...ALL_FILTERS].reverse()) filter.mcp.words?.(params, ctx);
  return params;
}

// search_events: the listing with the API's filters and those beyond it, and per event
// what the API does not show (lowest price with fees, category, status, age rating).
export const searchEventsTool: Tool = {
  name: 'search_events',
  define: (brand, now) => {
    const timeZone = brandTimeZone(brand);
    return {
      title: 'Search events',
      description: `Search ${brand.name}'s events that have not ended, by words, dates, place, category and price. Same filters as GET /events of the public API, plus relative dates (when), a city to search around (near_city), price with fees (free, max_price, sort=price) and all ages; a second text part gives each event's state when it is not simply on sale (its code and words: sold_out, paused, not_started, ended, cancelled, postponed, rescheduled), category, lowest price with fees while on sale, and age rating. meta.total is exact when meta.total_relation is "eq"; with "gte" at least that many match (a search counts up to 1,000 plus one page, a listing up to 10,000 plus one page).`,
      inputSchema: searchInput(localToday(now, timeZone), timeZone),
      outputSchema: EventListSchema,
    };
  },
  run: async (brand, args) => {
    const now = new Date();
    const timeZone = brandTimeZone(brand);
    const options = await getFilterOptions(brand);
    const params = await searchParams(args, {
      brand,
      now,
      today: localToday(now, timeZone),
      timeZone,
      center: async (city) => cityCenter(options, city),
      cities: options.cities.map((c) => c.city),
    });
    if (typeof params === 'string') return failure(params);
    const { error } = readSearchFilters(params, { prices: true });
    if (error) return failure(`${error.code}: ${error.detail}`);
    const { list: result, unmatched, corrected, prices, facts } = await listEventCards(brand, parseListQuery(params, { prices: true }), { places: options.places });
    // Said beside the JSON, which stays the API's shape: the words read as typos, the
    // words no event has together, then what the API does not show, event by event.
    const notes = [
      ...(corrected ? [`Words read with typos corrected, as "${corrected}".`] : []),
      ...(unmatched ? [`No event matches all of ${unmatched.map((w) => `"${w}"`).join(', ')} together: these events match some of them.`] : []),
    ];
    // Nothing at all (not a page past the last): what would find events, as the site offers it.
    if (result.meta.total === 0) {
      const ways = await waysOutNote(brand, params, options, now);
      if (ways) notes.push(ways);
    }
    if (result.data.length > 0) {
      const lines = result.data.map((e) => {
        const f = facts.get(e.id);
        const price = prices.get(e.id);
        const state = cardState(e, f, price);
        const lowest = state.canBuy ? (price?.lowest_total_cents ?? null) : null;
        const parts = [
          // The state in the site's words ("Esgotado", "Vendas pausadas"), with its code.
          state.label ? `${state.key}: ${state.label}` : null,
          f?.category ? `category ${f.category}` : null,
          lowest === null ? 'nothing on sale' : `from ${formatBrl(lowest)} with fees`,
          f?.age_rating ? `age rating ${f.age_rating}` : null,
        ].filter(Boolean);
        return `- ${e.slug}: ${parts.join('; ')}`;
      });
      notes.push(`Per event (prices include fees; a snapshot, not a reservation):\n${lines.join('\n')}`);
    }
    return { text: JSON.stringify(result), structured: result, notes };
  },
};
