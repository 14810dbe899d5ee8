import type { Db, Queryable } from '../../db/types';
import { STORED_AS_READ, type EventRecord } from '../record';
import { contentDigest } from './digest';
import type { ImportReport, LineFailure, Numbered } from './report';
import { settleTombstones } from './withdrawals';

// Writing an import: a batch of events upserted with their producers, venues, tickets
// and search keys in one transaction; the catalog's version moved after each; the
// planner's statistics refreshed after a large change.

/**
 * Below this share of the catalog changed, an import leaves the planner's statistics to
 * autovacuum: a VACUUM ANALYZE reads every table whole, which at a million events costs
 * more than a thousand lines themselves.
 */
const ANALYZE_SHARE = 0.1;

/** The channel on which the catalog's changes are announced (PostgreSQL NOTIFY). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Moves the catalog's version and announces it: instances that listen end their snapshot window early. */
export function bumpVersion(db: Db): Promise<unknown> {
  return db.query(
    `WITH v AS (UPDATE catalog_state SET version = version + 1, updated_at = now() WHERE id = 1 RETURNING version)
     SELECT pg_notify('${CATALOG_CHANNEL}', version::text) FROM v`,
  );
}

/**
 * The planner needs fresh statistics after a large change: the embedded catalog has no
 * autovacuum, and a server's may not have run yet. A change that is a small share of the
 * catalog moves no statistic that matters and is left to autovacuum. The lines have
 * landed either way: a failure here is worth a warning, not an error.
 */
export async function refreshStatistics(db: Db, report: ImportReport, wasEmpty: boolean): Promise<void> {
  const [row] = await db.query<{ events: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS events FROM pg_class WHERE oid = 'events'::regclass`,
  );
  const changed = report.imported + report.withdrawn;
  if (!wasEmpty && changed < ANALYZE_SHARE * (row?.events ?? 0)) return;
  await db.exec('VACUUM ANALYZE events, venues, producers, ticket_sectors, ticket_lots, search_postings, search_words').catch((err: unknown) => {
    console.warn(`[import] VACUUM ANALYZE failed, the planner may lag until autovacuum runs: ${(err as Error).message}`);
  });
}

/** Keeps the last item for each key, in first-seen order. */
function lastByKey<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>();
  for (const item of items) map.set(key(item), item);
  return [...map.values()];
}

const json = (value: unknown) => JSON.stringify(value);

// The event's fields stored as read (record.ts), in the statement that writes events.
const STORED = Object.keys(STORED_AS_READ) as Array<keyof typeof STORED_AS_READ>;
const STORED_SQL = {
  columns: STORED.join(', '),
  values: STORED.map((c) => `x.${c}`).join(', '),
  types: STORED.map((c) => `${c} ${STORED_AS_READ[c]}`).join(', '),
  updates: STORED.map((c) => `${c} = excluded.${c}`).join(', '),
};
/** A stored field as the statement's JSON carries it: an instant as ISO text. */
const jsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Whether some lot of the event can be bought, and the lowest price with fees of those that can. */
function saleOf(r: EventRecord): { on_sale: boolean; min_price_cents: number | null } {
  if (r.is_closed || r.event_status === 'cancelled') return { on_sale: false, min_price_cents: null };
  const totals = r.sectors.flatMap((sector) => sector.lots.filter((l) => l.available).map((l) => l.price_cents + l.fee_cents));
  return totals.length > 0 ? { on_sale: true, min_price_cents: Math.min(...totals) } : { on_sale: false, min_price_cents: null };
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

/** Upserts a batch in `tx`; returns the lines kept out because their slug was withdrawn from a different event. */
export async function upsertBatch(tx: Queryable, input: Numbered[], reinstate: boolean): Promise<LineFailure[]> {
  const blocked = await settleTombstones(tx, input.map((n) => n.record), reinstate);
  const failed = input
    .filter((n) => blocked.has(`${n.record.brand}/${n.record.slug}`))
    .map((n) => ({ line: n.line, reason: `slug: "${n.record.slug}" was withdrawn from a different event; import with --reinstate to give it to this one` }));
  const records = lastByKey(
    input.filter((n) => !blocked.has(`${n.record.brand}/${n.record.slug}`)).map((n) => n.record),
    (r) => `${r.brand}/${r.slug}`,
  );
  if (records.length === 0) return failed;

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
    ...Object.fromEntries(STORED.map((c) => [c, jsonValue(r[c])])),
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
       ${STORED_SQL.columns}, min_price_cents,
       banner_url, thumbnail_url, venue_id, producer_id, internal_notes, content_digest, listed_until, city_key, state_key, search_tsv)
     SELECT x.brand_id, x.slug, x.name, x.description, x.status, x.starts_at, x.ends_at, x.timezone, x.is_online, x.is_closed, x.on_sale,
       ${STORED_SQL.values}, x.min_price_cents,
       x.banner_url, x.thumbnail_url, v.id, p.id, x.internal_notes, x.content_digest,
       coalesce(x.ends_at, x.starts_at + interval '24 hours', 'infinity'),
       ${SEARCH_KEYS('x.name')}
     FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, description text, status text,
       starts_at timestamptz, ends_at timestamptz, timezone text, is_online boolean, is_closed boolean, on_sale boolean,
       ${STORED_SQL.types}, min_price_cents int,
       banner_url text, thumbnail_url text, venue_key text, producer_slug text, internal_notes text, content_digest text)
     LEFT JOIN venues v ON v.brand_id = x.brand_id AND v.key = x.venue_key
     LEFT JOIN producers p ON p.brand_id = x.brand_id AND p.slug = x.producer_slug
     ON CONFLICT (brand_id, slug) DO UPDATE SET name = excluded.name, description = excluded.description,
       status = excluded.status, starts_at = excluded.starts_at, ends_at = excluded.ends_at, timezone = excluded.timezone,
       is_online = excluded.is_online, is_closed = excluded.is_closed, on_sale = excluded.on_sale,
       ${STORED_SQL.updates}, min_price_cents = excluded.min_price_cents, banner_url = excluded.banner_url,
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

  // The search vocabulary (for typos) follows these events' words by trigger (migration 014).

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

  return failed;
}
