import type { Brand } from '../../brand/schema';
import { withDb } from '../../db';
import type { Queryable } from '../../db/types';
import { CATEGORIES, type Category } from '../categories';
import { fold } from '../search/search-terms';
import { snapshot } from '../snapshot-cache';

// The brand's organizers with events listed now, a page at a time in the order of their
// slugs (their names folded), and found by any part of their name. Each page is one walk
// of an index (migration 020) from a slug: no count, no offset, the same work on the first
// page and the last, at any number of organizers. Then what one organizer is: where it
// holds its events, how many are ahead, of which kinds.

/** Organizers on a page of the list. */
export const ORGANIZERS_PER_PAGE = 50;
/** The most characters of a search that are read. */
export const ORGANIZER_QUERY_MAX = 80;
/** The fewest characters of a search read as any part of a name (trigrams); fewer are the start of a slug. */
const SUBSTRING_MIN = 3;

export type OrganizerQuery = {
  /** Words of the name, any part of it. */
  q?: string;
  /** The page starts after this slug. */
  after?: string;
  /** The page ends before this slug (a page back). */
  before?: string;
  /** Organizers on the page (at most ORGANIZERS_PER_PAGE). */
  limit?: number;
};

export type OrganizerItem = { slug: string; name: string };

export type OrganizerPage = {
  organizers: OrganizerItem[];
  /** The slug the next page starts after, or null on the last page. */
  next: string | null;
  /** The slug the previous page ends before, or null on the first page. */
  previous: string | null;
};

/** A search as the database compares it: folded, one space between words, at most ORGANIZER_QUERY_MAX characters. */
export function organizerSearch(q: string | undefined): string {
  return fold(q ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ORGANIZER_QUERY_MAX);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The character every slug starting with `c` sorts before (letters and digits, in any
 * collation the catalog uses), or null when none is sure ("z").
 */
function nextInitial(c: string): string | null {
  if (/^[a-y]$/.test(c)) return String.fromCharCode(c.charCodeAt(0) + 1);
  if (/^[0-8]$/.test(c)) return String.fromCharCode(c.charCodeAt(0) + 1);
  if (c === '9') return 'a';
  return null;
}

/** One page of the brand's organizers listed at `now`: one statement, one index. */
export async function readOrganizers(db: Queryable, brandId: string, query: OrganizerQuery, now: Date): Promise<OrganizerPage> {
  const limit = Math.max(1, Math.min(query.limit ?? ORGANIZERS_PER_PAGE, ORGANIZERS_PER_PAGE));
  const params: unknown[] = [brandId, now.toISOString()];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['brand_id = $1', 'listed_until >= $2'];
  const q = organizerSearch(query.q);
  if (q.length >= SUBSTRING_MIN) {
    where.push(`name_key LIKE ${add(`%${escapeLike(q)}%`)}`);
  } else if (q) {
    // One or two characters: the slugs that start with them, a range of the slug index.
    const prefix = q.replace(/[^a-z0-9]+/g, '-');
    where.push(`slug >= ${add(prefix)}`, `starts_with(slug, ${add(prefix)})`);
    const bound = nextInitial(prefix[0]!);
    if (bound) where.push(`slug < ${add(bound)}`);
  }
  // A NUL is no text to PostgreSQL, and no slug holds one.
  for (const slug of [query.after, query.before]) if (slug?.includes('\0')) return { organizers: [], next: null, previous: null };
  const back = query.before !== undefined && query.after === undefined;
  if (back) where.push(`slug < ${add(query.before)}`);
  else if (query.after !== undefined) where.push(`slug > ${add(query.after)}`);
  const rows = await db.query<OrganizerItem>(
    `SELECT slug, name FROM producers WHERE ${where.join(' AND ')} ORDER BY slug ${back ? 'DESC' : 'ASC'} LIMIT ${limit + 1}`,
    params,
  );
  const more = rows.length > limit;
  const organizers = rows.slice(0, limit);
  if (back) {
    organizers.reverse();
    return { organizers, previous: more ? organizers[0]!.slug : null, next: organizers.at(-1)?.slug ?? null };
  }
  return {
    organizers,
    next: more ? organizers.at(-1)!.slug : null,
    previous: query.after !== undefined && organizers.length > 0 ? organizers[0]!.slug : null,
  };
}

/** A page of the brand's organizers, held for the snapshot window. */
export function listOrganizers(brand: Brand, query: OrganizerQuery): Promise<OrganizerPage> {
  const key = `organizers|${brand.id}|${organizerSearch(query.q)}|${query.after ?? ''}|${query.before ?? ''}|${query.limit ?? ''}`;
  return snapshot(key, () => withDb((db) => readOrganizers(db, brand.id, query, new Date())));
}

export type OrganizerFacts = {
  /** Events listed now (not ended). */
  upcoming: number;
  /** Of those, online ones. */
  online: number;
  /** The city where most of them are, with its state ("Recife - PE"), or null when all are online. */
  city: string | null;
  /** How many cities its events in person are in. */
  cities: number;
  /** The categories of its events, in the taxonomy's order. */
  categories: Category[];
};

/** What an organizer is, from its events listed at `now`: one read of its events by the producer index. */
export async function readOrganizerFacts(db: Queryable, brandId: string, slug: string, now: Date): Promise<OrganizerFacts> {
  const [row] = await db.query<{ upcoming: number; online: number; categories: string[] | null; city: string | null; cities: number }>(
    `SELECT count(*)::int AS upcoming,
            count(*) FILTER (WHERE e.is_online)::int AS online,
            array_remove(array_agg(DISTINCT e.category), NULL) AS categories,
            count(DISTINCT v.city)::int AS cities,
            mode() WITHIN GROUP (ORDER BY concat_ws(' - ', v.city, v.state_abbr)) FILTER (WHERE v.city IS NOT NULL) AS city
       FROM producers p
       JOIN events e ON e.producer_id = p.id AND e.brand_id = p.brand_id
       LEFT JOIN venues v ON v.id = e.venue_id AND NOT e.is_online
      WHERE p.brand_id = $1 AND p.slug = $2 AND e.listed_until >= $3`,
    [brandId, slug, now.toISOString()],
  );
  const listed = new Set(row?.categories ?? []);
  return {
    upcoming: row?.upcoming ?? 0,
    online: row?.online ?? 0,
    city: row?.city ?? null,
    cities: row?.cities ?? 0,
    categories: CATEGORIES.filter((c) => listed.has(c.slug)),
  };
}

/** What an organizer is, held for the snapshot window. */
export function organizerFacts(brand: Brand, slug: string): Promise<OrganizerFacts> {
  return snapshot(`organizer-facts|${brand.id}|${slug}`, () => withDb((db) => readOrganizerFacts(db, brand.id, slug, new Date())));
}
