// The judged query set against a running server (aurora), for bench:scale.
// Usage: tsx bench/judged.ts <port> full|top
//  full: every listed event is read and judged (small catalogs): relevant = the events
//        meeting every predicate, or any when none meets them all;
//  top:  only the top 3 of each query are read (large catalogs, where every combination
//        exists): relevant = meeting every predicate.
import { request } from 'node:http';
import { CATEGORY_SLUGS } from '../lib/catalog/categories';
import { judgedEvent, judgedQueries, relevantSet, type Judged, type JudgedQuery } from './judged-queries';
import { readDateWords, readPriceWords } from '../lib/catalog/search/natural-request';
import { fold } from '../lib/catalog/search/search-terms';

const [port, mode] = [Number(process.argv[2]), process.argv[3] ?? 'full'];
const API = '/api/public/v1';

function get<T>(path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `${API}${path}`, headers: { host: `aurora.localhost:${port}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body) as T) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

type Item = {
  slug: string;
  name: string;
  is_online: boolean;
  location: { name: string | null; city: string | null; state_abbr: string | null } | null;
  starts_at: string | null;
  timezone: string | null;
};
type Page = { data: Item[]; meta: { last_page: number } };

// The API shows no category: in full mode each event's comes from listing each category.
const categoryOf = new Map<string, string>();

async function judge(item: Item): Promise<Judged> {
  const detail = await get<{ producer: { name: string } | null }>(`/events/${item.slug}`);
  return judgedEvent(item, {
    producer: detail.producer?.name ?? null,
    category: categoryOf.get(item.slug) ?? null,
    // Prices are not in the API: queries about them are judged by the unit test only.
    lowest: null,
  });
}

async function* everyPage(query: string): AsyncGenerator<Item> {
  for (let page = 1; ; page++) {
    const r = await get<Page>(`/events?per_page=50&page=${page}${query}`);
    yield* r.data;
    if (page >= r.meta.last_page) break;
  }
}

const bySlug = new Map<string, Judged>();
if (mode === 'full') {
  for (const slug of CATEGORY_SLUGS) for await (const e of everyPage(`&category=${slug}`)) categoryOf.set(e.slug, slug);
  for await (const e of everyPage('')) bySlug.set(e.slug, await judge(e));
}

/** Whether a query is about price (in its filters or its words), which the API cannot be asked. */
const aboutPrice = (query: JudgedQuery) => Boolean(query.params?.free || query.params?.price_max || readPriceWords(fold(query.q)).price);
/** Whether a query says a date in words, which the API's q does not read (the site, MCP and A2A do). */
const aboutDate = (query: JudgedQuery) => readDateWords(fold(query.q), new Date(), 'America/Sao_Paulo').when !== null;
const first = (await get<Page>('/events?per_page=50')).data;
const producer = (await Promise.all(first.map(judge))).map((e) => e.producer).find((p) => p?.endsWith(' Produções')) ?? 'Silva Produções';

let judged = 0;
let good = 0;
let empty = 0;
const missed: string[] = [];
let skipped = 0;
for (const query of judgedQueries(producer) as JudgedQuery[]) {
  // Top mode reads no category; prices are never in the API.
  if (aboutPrice(query) || aboutDate(query) || query.asSite || (mode !== 'full' && query.beyondApi)) {
    skipped++;
    continue;
  }
  const filters = new URLSearchParams({ ...query.params, per_page: '3', q: query.q });
  const top = (await get<Page>(`/events?${filters}`)).data;
  if (query.none) {
    // Words no event has: judged good when the answer is empty.
    judged++;
    if (top.length === 0) good++;
    else missed.push(query.q);
    continue;
  }
  const events = await Promise.all(top.map(async (e) => bySlug.get(e.slug) ?? (await judge(e))));
  let relevant: (e: Judged) => boolean;
  let k = 3;
  if (mode === 'full') {
    const set = relevantSet(query, [...bySlug.values()]);
    if (set.size === 0) continue;
    relevant = (e) => [...set].some((x) => x.name === e.name && x.city === e.city && x.venue === e.venue && x.producer === e.producer);
    k = Math.min(3, set.size);
  } else relevant = (e) => [...query.all, ...(query.filters ?? [])].every((p) => p(e));
  judged++;
  if (top.length === 0) empty++;
  if (events.length >= k && events.slice(0, k).every(relevant)) good++;
  else missed.push(query.q);
}
console.log(JSON.stringify({ judged, good, empty, skipped, missed }));
