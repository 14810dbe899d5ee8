import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, eventIdsBySlug, fillCatalog } from '../../../e2e/support/catalog-backends';
import { brandRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import type { EventRecordInput } from '../record';
import { readSimilarEvents } from './similar';

// Similar events of an event: its category, its city first and then its state, still to
// come, nearest to its date; never itself, a cancelled event, one of another category or
// of another state, nor one that already started.

const brands = brandRegistry().brands;
const brand = brands[0]!;
const now = new Date('2026-11-23T12:00:00Z');
const day = (n: number) => new Date(Date.parse('2026-12-10T20:00:00-03:00') + n * 86_400_000).toISOString().replace('.000Z', 'Z');

const venue = (city: string, state: string, abbr: string) => ({ key: `palco-${city.toLowerCase()}`, name: `Palco ${city}`, city, state, state_abbr: abbr });
const recife = venue('Recife', 'Pernambuco', 'PE');
const olinda = venue('Olinda', 'Pernambuco', 'PE');
const natal = venue('Natal', 'Rio Grande do Norte', 'RN');

const line = (slug: string, at: string, over: Partial<EventRecordInput> = {}): EventRecordInput => ({
  brand: brand.id,
  slug,
  name: slug,
  starts_at: at,
  timezone: 'America/Recife',
  category: 'teatro',
  venue: recife,
  sectors: [{ name: 'Plateia', lots: [{ name: 'Inteira', price_cents: 5000, fee_cents: 500 }] }],
  ...over,
});

const records: EventRecordInput[] = [
  line('a-peca', day(0)),
  line('recife-dia-seguinte', day(1)),
  line('recife-dia-anterior', day(-2)),
  line('recife-um-mes-depois', day(30)),
  line('olinda-tres-dias-depois', day(3), { venue: olinda }),
  line('olinda-um-dia-antes', day(-1), { venue: olinda }),
  line('natal-no-mesmo-dia', day(0), { venue: natal }),
  line('recife-outro-tipo', day(1), { category: 'shows' }),
  line('recife-cancelado', day(1), { event_status: 'cancelled' }),
  line('recife-ja-foi', '2026-11-01T20:00:00-03:00'),
  line('online-teatro', day(1), { venue: null, is_online: true }),
  line('sem-categoria', day(1), { category: null }),
];

const backends = await catalogBackends('catalog_similar');

describe.each(backends)('similar events on $name', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  let ids = new Map<string, number>();

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, records);
    ids = await eventIdsBySlug(db, brand.id);
  }, 240_000);
  afterAll(() => close?.());

  const similar = async (slug: string, at = now, limit?: number) => (await readSimilarEvents(db, brand, ids.get(slug)!, at, limit)).map((s) => s.event.slug);

  test('the same category in the city first, then in the state, each nearest to the date; nothing else', async () => {
    expect(await similar('a-peca')).toEqual(['recife-dia-seguinte', 'recife-dia-anterior', 'recife-um-mes-depois', 'olinda-um-dia-antes', 'olinda-tres-dias-depois']);
  });

  test('at most the limit, the nearest kept', async () => {
    expect(await similar('a-peca', now, 2)).toEqual(['recife-dia-seguinte', 'recife-dia-anterior']);
  });

  test('an event already over: the events still to come, soonest first', async () => {
    expect(await similar('recife-ja-foi')).toEqual(['recife-dia-anterior', 'a-peca', 'recife-dia-seguinte', 'recife-um-mes-depois', 'olinda-um-dia-antes', 'olinda-tres-dias-depois']);
  });

  test('what already started is never offered', async () => {
    expect(await similar('a-peca', new Date(Date.parse(day(-1)) + 3_600_000))).toEqual(['recife-dia-seguinte', 'recife-um-mes-depois', 'olinda-tres-dias-depois']);
  });

  test('an event with no category or no place has none; the list items carry the public shape', async () => {
    expect(await similar('sem-categoria')).toEqual([]);
    expect(await similar('online-teatro')).toEqual([]);
    const [first] = await readSimilarEvents(db, brand, ids.get('a-peca')!, now);
    expect(first!.event).toMatchObject({ slug: 'recife-dia-seguinte', url: `${brand.site_url}/eventos/recife-dia-seguinte`, location: { city: 'Recife', state_abbr: 'PE' } });
    // What its card shows comes with it: its facts and its price with fees.
    expect(first!.facts).toMatchObject({ category: 'teatro', event_status: 'scheduled', sales_start_at: null });
    expect(first!.price).toEqual({ lowest_total_cents: 5500, lowest_paid_cents: 5500, has_lots: true });
  });
});
