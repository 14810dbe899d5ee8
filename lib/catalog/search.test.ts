import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { startCatalog } from '../startup/catalog';
import { getEvent, listEvents } from './events';
import { judgedQueries, relevantSet, type Judged } from './judged-queries';
import { parseListQuery } from './query-params';

// The judged query set on the process-wide demo catalog (720 events, three brands): for
// every query that has relevant events, the top 3 results are all relevant (or all the
// relevant events, when there are fewer), and no query comes back empty.

type Catalog = { brand: Brand; events: Judged[]; bySlug: Map<string, Judged>; producer: string };

async function loadCatalog(brand: Brand): Promise<Catalog> {
  const bySlug = new Map<string, Judged>();
  for (let page = 1; ; page++) {
    const r = await listEvents(brand, parseListQuery(new URLSearchParams({ per_page: '50', page: String(page) })));
    for (const e of r.data) {
      const d = (await getEvent(brand, e.slug))!;
      bySlug.set(e.slug, {
        name: e.name,
        city: e.location?.city ?? null,
        state_abbr: e.location?.state_abbr ?? null,
        venue: e.location?.name ?? null,
        producer: d.producer?.name ?? null,
        online: e.is_online,
      });
    }
    if (page >= r.meta.last_page) break;
  }
  const events = [...bySlug.values()];
  const producer = events.map((e) => e.producer).find((p) => p?.endsWith(' Produções'))!;
  return { brand, events, bySlug, producer };
}

describe('the judged query set', () => {
  const catalogs: Catalog[] = [];
  beforeAll(async () => {
    await startCatalog();
    for (const brand of brandRegistry().brands) catalogs.push(await loadCatalog(brand));
  }, 120_000);

  test('has at least 40 queries, in Portuguese and English', () => {
    expect(judgedQueries('Silva Produções').length).toBeGreaterThanOrEqual(40);
  });

  test('top 3 all relevant for every query with relevant events; none empty', async () => {
    const failures: string[] = [];
    let judged = 0;
    let good = 0;
    let empty = 0;
    for (const c of catalogs) {
      for (const query of judgedQueries(c.producer)) {
        const relevant = relevantSet(query, c.events);
        if (relevant.size === 0) continue;
        judged++;
        const r = await listEvents(c.brand, parseListQuery(new URLSearchParams({ q: query.q, per_page: '3' })));
        if (r.data.length === 0) empty++;
        const top = r.data.map((e) => c.bySlug.get(e.slug)!);
        const k = Math.min(3, relevant.size);
        const ok = top.length >= k && top.slice(0, k).every((e) => relevant.has(e));
        if (ok) good++;
        else failures.push(`${c.brand.id} "${query.q}" (${relevant.size} relevant): ${r.data.map((e) => `${e.name} @ ${e.location?.city ?? 'online'}`).join(' | ')}`);
      }
    }
    console.log(`judged queries: ${good}/${judged} with top 3 all relevant; ${empty} empty although relevant events exist`);
    expect(failures).toEqual([]);
    expect(empty).toBe(0);
  });
});
