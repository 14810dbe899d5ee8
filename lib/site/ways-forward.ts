import type { Brand } from '../brand/schema';
import { eventCount } from '../catalog/listing/count-text';
import { listEvents } from '../catalog/listing/events';
import type { FilterOptions } from '../catalog/filters/options';
import { parseListQuery } from '../catalog/listing/query-params';
import { brandTimeZone, localToday } from '../catalog/search/relative-dates';
import { dropLabel, type ActiveFilter } from './active-filters';
import { listingParams } from './listing-params';

// What would find something when a listing found nothing: the same listing without each
// of its filters in turn (the words, the city, the dates, the price…), with how many
// events each would show, and the same listing over the 30 days after its dates. Only
// ways that show events are offered.

/** A way out: its label, its listing's address, and how many events that shows ("12 eventos"). */
export type WayForward = { label: string; href: string; count: string };

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function metaOf(brand: Brand, href: string, options: FilterOptions, now: Date) {
  const form = new URLSearchParams(href.split('?')[1] ?? '');
  const params = listingParams(form, options, brand, now);
  params.set('per_page', '1');
  return (await listEvents(brand, parseListQuery(params, { prices: true }))).list.meta;
}

/**
 * Ways out of an empty listing: its form parameters `form` (words already read into
 * fields) and its active filters; counted on the catalog, those that find nothing left out.
 */
export async function waysForward(brand: Brand, form: URLSearchParams, active: ActiveFilter[], options: FilterOptions, now = new Date()): Promise<WayForward[]> {
  const candidates: Array<Omit<WayForward, 'count'>> = active.flatMap((f) => {
    const label = dropLabel(f);
    return label ? [{ label, href: f.href }] : [];
  });
  // Nearby dates: the 30 days from the first day asked for (today, for a past one).
  const dated = active.find((f) => f.key === 'quando');
  if (dated) {
    const today = localToday(now, brandTimeZone(brand));
    const asked = form.get('date_from') ?? '';
    const from = /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked > today ? asked : today;
    const next = new URLSearchParams(dated.href.split('?')[1] ?? '');
    next.set('quando', 'periodo');
    next.set('date_from', from);
    next.set('date_to', addDays(from, 30));
    candidates.push({ label: 'Nos 30 dias seguintes', href: `/?${next}` });
  }
  const counted = await Promise.all(candidates.map(async (c) => ({ ...c, meta: await metaOf(brand, c.href, options, now) })));
  return counted.filter((c) => c.meta.total > 0).map(({ meta, ...c }) => ({ ...c, count: eventCount(meta) }));
}
