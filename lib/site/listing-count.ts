import type { Brand } from '../brand/schema';
import { getFilterOptions, type FilterOptions } from '../catalog/filters/options';
import { eventCount } from '../catalog/listing/count-text';
import { listEventCards } from '../catalog/listing/events';
import { parseListQuery, type ListQuery } from '../catalog/listing/query-params';
import type { EventList } from '../catalog/public-schema';
import { listingParams, wordsToForm } from './listing-params';

// The listing form read once, for the page and for the filter sheet's count: the same
// words, chips and places make the same query, so "Ver N eventos" is what the page shows.

/** Where the filter sheet asks how many events its choices would show. */
export const COUNT_PATH = '/busca.json';

export type ListingForm = { params: URLSearchParams; options: FilterOptions; query: ListQuery };

/** The form as the person meant it (places, dates and prices said in the words as chips), and the catalog's query for it. */
export async function readListingForm(brand: Brand, form: URLSearchParams, now = new Date()): Promise<ListingForm> {
  const options = await getFilterOptions(brand);
  const params = wordsToForm(form, brand, now, options);
  const query = parseListQuery(listingParams(params, options, brand, now), { prices: true });
  return { params, options, query };
}

/** "Ver 12 eventos": the button that shows the listing of these choices. */
export const showLabel = (meta: Pick<EventList['meta'], 'total' | 'total_relation'>): string => `Ver ${eventCount(meta)}`;

/** How many events the listing of this form would show: its first page's count, read as the page reads it (the same cap, the same cached read). */
export async function listingCount(brand: Brand, form: URLSearchParams, now = new Date()): Promise<{ total: number; total_relation: EventList['meta']['total_relation']; label: string }> {
  const { query, options } = await readListingForm(brand, form, now);
  const { meta } = (await listEventCards(brand, { ...query, page: 1 }, { places: options.places })).list;
  return { total: meta.total, total_relation: meta.total_relation, label: showLabel(meta) };
}
