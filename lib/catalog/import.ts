import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { deferIndexes, restoreIndexes } from '../db/deferred-indexes';
import { eventRecord, type EventRecord } from './record';
import { clearSnapshots } from './snapshot-cache';

export type LineFailure = { line: number; reason: string };
export type ImportReport = { lines: number; imported: number; failed: LineFailure[] };
export type ImportProgress = { lines: number; imported: number; failed: number };
type Numbered = { line: number; record: EventRecord };

const BATCH_SIZE = 500;
/** The tables whose secondary indexes an import into an empty catalog builds at its end. */
const DEFERRED_TABLES = ['events', 'search_postings'];

/** Validates one NDJSON line. Blank lines are skipped (null). */
export function parseLine(text: string, line: number, brands: ReadonlySet<string>): Numbered | LineFailure | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { line, reason: `not valid JSON (${(err as Error).message})` };
  }
  const parsed = eventRecord.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
    return { line, reason };
  }
  if (!brands.has(parsed.data.brand)) return { line, reason: `brand: unknown brand "${parsed.data.brand}"` };
  return { line, record: parsed.data };
}

/**
 * Upserts catalog lines in batches. Idempotent: an event is keyed by brand and slug,
 * a producer by brand and slug, a venue by brand and key. Bad lines are reported by
 * number and the good ones are kept.
 */
export async function importLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportReport> {
  const report: ImportReport = { lines: 0, imported: 0, failed: [] };
  // An import that stopped half-way left indexes to build: they come first.
  await restoreIndexes(db);
  // Into an empty catalog the events' and postings' indexes are built once, sorted, at
  // the end (lib/db/deferred-indexes.ts), so that every tenth of the import costs the
  // same. They are built again whatever happens.
  const [empty] = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM events) AS empty');
  if (empty?.empty) await deferIndexes(db, DEFERRED_TABLES);
  try {
    return await importAll(db, lines, brands, report, onProgress);
  } finally {
    await restoreIndexes(db);
  }
}

async function importAll(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportReport> {
  let batch: Numbered[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    try {
      await db.transaction((tx) => upsertBatch(tx, pending.map((n) => n.record)));
      report.imported += pending.length;
    } catch {
      // Find the offending lines one by one so that every good line still lands.
      for (const item of pending) {
        try {
          await db.transaction((tx) => upsertBatch(tx, [item.record]));
          report.imported++;
        } catch (err) {
          report.failed.push({ line: item.line, reason: `rejected by the database: ${(err as Error).message}` });
        }
      }
    }
    onProgress?.({ lines: report.lines, imported: report.imported, failed: report.failed.length });
  };

  for await (const text of lines) {
    report.lines++;
    const result = parseLine(text, report.lines, brands);
    if (result === null) continue;
    if ('reason' in result) report.failed.push(result);
    else batch.push(result);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  if (report.imported > 0) {
    await restoreIndexes(db);
    await db.query('UPDATE catalog_state SET version = version + 1, updated_at = now() WHERE id = 1');
    // Upserts leave dead row versions, and the planner needs fresh statistics: the
    // embedded catalog has no autovacuum, and a server's may not have run yet.
    // The lines have landed either way: a failure here is worth a warning, not an error.
    await db.exec('VACUUM ANALYZE events, venues, producers, ticket_sectors, ticket_lots, search_postings, search_words').catch((err: unknown) => {
      console.warn(`[import] VACUUM ANALYZE failed, the planner may lag until autovacuum runs: ${(err as Error).message}`);
    });
    clearSnapshots();
  }
  return report;
}

/** Keeps the last item for each key, in first-seen order. */
function lastByKey<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>();
  for (const item of items) map.set(key(item), item);
  return [...map.values()];
}

const json = (value: unknown) => JSON.stringify(value);

/** Whether some lot of the event can be bought, and the lowest price with fees of those that can. */
function saleOf(r: EventRecord): { on_sale: boolean; min_price_cents: number | null } {
  if (r.is_closed || r.event_status === 'cancelled') return { on_sale: false, min_price_cents: null };
  const totals = r.sectors.flatMap((sector) => sector.lots.filter((l) => l.available).map((l) => l.price_cents + l.fee_cents));
  return totals.length > 0 ? { on_sale: true, min_price_cents: Math.min(...totals) } : { on_sale: false, min_price_cents: null };
}

/**
 * A digest of what an event's pages show, from its line: everything but the internal
 * fields (the event's notes, the producer's contact, commission and notes). The same
 * line imported again has the same digest, so its updated_at (the sitemap's lastmod)
 * stays.
 */
export function contentDigest(r: EventRecord): string {
  const { internal_notes: _notes, producer, ...shown } = r;
  const publicProducer = producer ? { slug: producer.slug, name: producer.name } : null;
  return createHash('sha256').update(JSON.stringify({ ...shown, producer: publicProducer })).digest('base64url');
}

// Search keys fold case and accents once, at import, so that queries only compare: the
// name weighs most (hyphenated words also joined: "stand-up" is "standup" too), then the
// producer, then the venue and its city and state. The
// expression reads the event's name from `name`, and `p` and `v` (producer, venue).
const SEARCH_KEYS = (name: string) => `catalog_fold(v.city) AS city_key, lower(v.state_abbr) AS state_key,
       setweight(to_tsvector('simple', catalog_fold(${name})), 'A')
         || setweight(to_tsvector('simple', replace(catalog_fold(${name}), '-', '')), 'A')
         || setweight(to_tsvector('simple', catalog_fold(coalesce(p.name, ''))), 'B')
         || setweight(to_tsvector('simple', catalog_fold(concat_ws(' ', v.name, v.city, v.state))), 'C') AS search_tsv`;

async function upsertBatch(tx: Queryable, input: EventRecord[]): Promise<void> {
  const records = lastByKey(input, (r) => `${r.brand}/${r.slug}`);

  const producers = lastByKey(
    records.flatMap((r) => (r.producer ? [{ brand_id: r.brand, ...r.producer }] : [])),
    (p) => `${p.brand_id}/${p.slug}`,
  );
  // Only producers and venues that are new or changed come back, saying which: the other
  // events of a changed one need new search keys.
  const producerIds = await tx.query<{ id: string; inserted: boolean }>(
    `INSERT INTO producers (brand_id, slug, name, contact_email, commission_rate, internal_notes)
     SELECT brand_id, slug, name, contact_email, commission_rate, internal_notes
     FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, contact_email text, commission_rate numeric, internal_notes text)
     ON CONFLICT (brand_id, slug) DO UPDATE SET name = excluded.name, contact_email = excluded.contact_email,
       commission_rate = excluded.commission_rate, internal_notes = excluded.internal_notes, updated_at = now()
       WHERE (producers.name, producers.contact_email, producers.commission_rate, producers.internal_notes)
         IS DISTINCT FROM (excluded.name, excluded.contact_email, excluded.commission_rate, excluded.internal_notes)
     RETURNING id::text, xmax = 0 AS inserted`,
    [json(producers)],
  );

  const venues = lastByKey(
    records.flatMap((r) => (r.venue ? [{ brand_id: r.brand, ...r.venue }] : [])),
    (v) => `${v.brand_id}/${v.key}`,
  );
  const venueIds = await tx.query<{ id: string; inserted: boolean }>(
    `INSERT INTO venues (brand_id, key, name, city, state, state_abbr, formatted_address, latitude, longitude)
     SELECT brand_id, key, name, city, state, state_abbr, formatted_address, latitude, longitude
     FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, key text, name text, city text, state text, state_abbr text,
       formatted_address text, latitude numeric, longitude numeric)
     ON CONFLICT (brand_id, key) DO UPDATE SET name = excluded.name, city = excluded.city, state = excluded.state,
       state_abbr = excluded.state_abbr, formatted_address = excluded.formatted_address,
       latitude = excluded.latitude, longitude = excluded.longitude, updated_at = now()
       WHERE (venues.name, venues.city, venues.state, venues.state_abbr, venues.formatted_address, venues.latitude, venues.longitude)
         IS DISTINCT FROM (excluded.name, excluded.city, excluded.state, excluded.state_abbr, excluded.formatted_address, excluded.latitude, excluded.longitude)
     RETURNING id::text, xmax = 0 AS inserted`,
    [json(venues)],
  );

  const events = records.map((r) => ({
    brand_id: r.brand,
    slug: r.slug,
    name: r.name,
    description: r.description,
    status: r.status,
    starts_at: r.starts_at?.toISOString() ?? null,
    ends_at: r.ends_at?.toISOString() ?? null,
    timezone: r.timezone,
    is_online: r.is_online,
    // A cancelled event is closed for sale, whatever the record says.
    is_closed: r.is_closed || r.event_status === 'cancelled',
    category: r.category,
    age_rating: r.age_rating,
    event_status: r.event_status,
    previous_starts_at: r.previous_starts_at?.toISOString() ?? null,
    // The tickets are replaced whole with the event: whether any can be bought, and the
    // lowest price with fees, are known here. A cancelled event sells nothing.
    ...saleOf(r),
    banner_url: r.images.banner,
    thumbnail_url: r.images.thumbnail,
    venue_key: r.venue?.key ?? null,
    producer_slug: r.producer?.slug ?? null,
    internal_notes: r.internal_notes,
    content_digest: contentDigest(r),
  }));
  const eventIds = await tx.query<{ id: string; brand_id: string; slug: string; inserted: boolean }>(
    `INSERT INTO events (brand_id, slug, name, description, status, starts_at, ends_at, timezone, is_online, is_closed, on_sale,
       category, age_rating, event_status, previous_starts_at, min_price_cents,
       banner_url, thumbnail_url, venue_id, producer_id, internal_notes, content_digest, listed_until, city_key, state_key, search_tsv)
     SELECT x.brand_id, x.slug, x.name, x.description, x.status, x.starts_at, x.ends_at, x.timezone, x.is_online, x.is_closed, x.on_sale,
       x.category, x.age_rating, x.event_status, x.previous_starts_at, x.min_price_cents,
       x.banner_url, x.thumbnail_url, v.id, p.id, x.internal_notes, x.content_digest,
       coalesce(x.ends_at, x.starts_at + interval '24 hours', 'infinity'),
       ${SEARCH_KEYS('x.name')}
     FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, description text, status text,
       starts_at timestamptz, ends_at timestamptz, timezone text, is_online boolean, is_closed boolean, on_sale boolean,
       category text, age_rating text, event_status text, previous_starts_at timestamptz, min_price_cents int,
       banner_url text, thumbnail_url text, venue_key text, producer_slug text, internal_notes text, content_digest text)
     LEFT JOIN venues v ON v.brand_id = x.brand_id AND v.key = x.venue_key
     LEFT JOIN producers p ON p.brand_id = x.brand_id AND p.slug = x.producer_slug
     ON CONFLICT (brand_id, slug) DO UPDATE SET name = excluded.name, description = excluded.description,
       status = excluded.status, starts_at = excluded.starts_at, ends_at = excluded.ends_at, timezone = excluded.timezone,
       is_online = excluded.is_online, is_closed = excluded.is_closed, on_sale = excluded.on_sale,
       category = excluded.category, age_rating = excluded.age_rating, event_status = excluded.event_status,
       previous_starts_at = excluded.previous_starts_at, min_price_cents = excluded.min_price_cents, banner_url = excluded.banner_url,
       thumbnail_url = excluded.thumbnail_url, venue_id = excluded.venue_id, producer_id = excluded.producer_id,
       internal_notes = excluded.internal_notes, listed_until = excluded.listed_until, city_key = excluded.city_key,
       state_key = excluded.state_key, search_tsv = excluded.search_tsv, content_digest = excluded.content_digest,
       -- A line that shows nothing new keeps the event's last change; so does a row that
       -- has no digest yet (imported before digests were kept: its change is unknown).
       updated_at = CASE WHEN events.content_digest IS DISTINCT FROM excluded.content_digest AND events.content_digest IS NOT NULL
         THEN now() ELSE events.updated_at END
     RETURNING id::text, brand_id, slug, xmax = 0 AS inserted`,
    [json(events)],
  );

  // The search vocabulary (for typos) grows with the words of these events.
  await tx.query(
    `INSERT INTO search_words (word)
     SELECT DISTINCT w FROM events e, unnest(tsvector_to_array(e.search_tsv)) AS w
     WHERE e.id = ANY($1::bigint[]) AND char_length(w) >= 4
     ON CONFLICT DO NOTHING`,
    [eventIds.map((e) => e.id)],
  );

  // Tickets are replaced whole. Ids travel through JavaScript so that each insert is a
  // plain scan of its JSON, with no join for the planner to get wrong.
  const eventId = new Map(eventIds.map((e) => [`${e.brand_id}/${e.slug}`, e.id]));
  // Only events that were there before have tickets to replace: a new one has none, and
  // looking costs an index probe each (a seq scan per batch, had the planner been left to
  // guess how many ids a JSON array holds, would make an import quadratic).
  const replaced = eventIds.filter((e) => !e.inserted).map((e) => e.id);
  if (replaced.length > 0) await tx.query('DELETE FROM ticket_sectors WHERE event_id = ANY($1::bigint[])', [replaced]);
  const sectors = records.flatMap((r) =>
    r.sectors.map((sector, position) => ({ event_id: eventId.get(`${r.brand}/${r.slug}`), position, name: sector.name })),
  );
  if (sectors.length > 0) {
    const sectorIds = await tx.query<{ id: string; event_id: string; position: number }>(
      `INSERT INTO ticket_sectors (event_id, position, name)
       SELECT event_id, position, name FROM jsonb_to_recordset($1::jsonb) AS x(event_id bigint, position int, name text)
       RETURNING id::text, event_id::text, position`,
      [json(sectors)],
    );
    const sectorId = new Map(sectorIds.map((s) => [`${s.event_id}/${s.position}`, s.id]));
    const lots = records.flatMap((r) => {
      const event = eventId.get(`${r.brand}/${r.slug}`);
      return r.sectors.flatMap((sector, sectorPosition) =>
        sector.lots.map((l, position) => ({ sector_id: sectorId.get(`${event}/${sectorPosition}`), position, ...l })),
      );
    });
    await tx.query(
      `INSERT INTO ticket_lots (sector_id, position, name, price_cents, fee_cents, available)
       SELECT sector_id, position, name, price_cents, fee_cents, available
       FROM jsonb_to_recordset($1::jsonb) AS x(sector_id bigint, position int, name text, price_cents int, fee_cents int, available boolean)`,
      [json(lots)],
    );
  }

  // A changed producer or venue changes the search keys and the pages of its other events
  // too (a new one has no other events), so their updated_at moves. They are found
  // through one index each: an OR across the two would read the whole table.
  const changedProducers = producerIds.filter((p) => !p.inserted).map((p) => p.id);
  const changedVenues = venueIds.filter((v) => !v.inserted).map((v) => v.id);
  if (changedProducers.length > 0 || changedVenues.length > 0) {
    await tx.query(
      `WITH target AS (
         SELECT id FROM events WHERE producer_id = ANY($1::bigint[])
         UNION SELECT id FROM events WHERE venue_id = ANY($2::bigint[])
       )
       UPDATE events e SET city_key = k.city_key, state_key = k.state_key, search_tsv = k.search_tsv, updated_at = now()
       FROM (
         SELECT x.id, ${SEARCH_KEYS('x.name')}
         FROM target t
         JOIN events x ON x.id = t.id
         LEFT JOIN producers p ON p.id = x.producer_id
         LEFT JOIN venues v ON v.id = x.venue_id
       ) k
       WHERE e.id = k.id`,
      [changedProducers, changedVenues],
    );
  }

}
