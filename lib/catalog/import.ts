import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { deferIndexes, restoreIndexes } from '../db/deferred-indexes';
import { eventRecord, STORED_AS_READ, withdrawalRecord, type EventRecord, type WithdrawalRecord } from './record';
import { missingSlugs, settleTombstones, withdrawEvents, type EventKey } from './withdrawals';
import { clearSnapshots } from './snapshot-cache';

export type LineFailure = { line: number; reason: string };
export type ImportReport = {
  lines: number;
  imported: number;
  /** Events withdrawn: by a withdrawal line, or (a whole catalog) missing from the file. */
  withdrawn: number;
  failed: LineFailure[];
  /** A whole catalog: brands whose missing events were not withdrawn, and why. */
  refused?: { brand: string; reason: string }[];
  /** A dry run: what the import would have done, nothing written. */
  plan?: ImportPlan;
};
export type ImportPlan = { added: number; changed: number; unchanged: number; withdrawn: EventKey[]; blocked: EventKey[] };
export type ImportProgress = { lines: number; imported: number; failed: number };
export type ImportOptions = {
  /** The file is the whole catalog of the brands it names: their events it lacks are withdrawn. */
  whole?: boolean;
  /** A whole catalog withdraws at most this share of a brand's events (0..1) unless raised; default 0.1. */
  maxWithdrawShare?: number;
  /** Slugs withdrawn from a different event may be given to the events of this import. */
  reinstate?: boolean;
  /** Reads and compares, writes nothing; the report's `plan` says what would change. */
  dryRun?: boolean;
  /** A stream: the lines held are committed when the next one takes longer than this to come (milliseconds). */
  flushAfterMs?: number;
};
type Numbered = { line: number; record: EventRecord };
type NumberedWithdrawal = { line: number; withdrawal: WithdrawalRecord };

const BATCH_SIZE = 500;
/** Default share of a brand's events that a whole catalog may withdraw. */
export const MAX_WITHDRAW_SHARE = 0.1;
/** The tables whose secondary indexes an import into an empty catalog builds at its end. */
const DEFERRED_TABLES = ['events', 'search_postings'];
/**
 * Below this share of the catalog changed, an import leaves the planner's statistics to
 * autovacuum: a VACUUM ANALYZE reads every table whole, which at a million events costs
 * more than a thousand lines themselves.
 */
const ANALYZE_SHARE = 0.1;

/** Validates one NDJSON line: an event, or the withdrawal of one. Blank lines are skipped (null). */
export function parseLine(
  text: string,
  line: number,
  brands: ReadonlySet<string>,
): Numbered | NumberedWithdrawal | LineFailure | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { line, reason: `not valid JSON (${(err as Error).message})` };
  }
  const withdrawal = typeof json === 'object' && json !== null && 'withdrawn' in json;
  const parsed = withdrawal ? withdrawalRecord.safeParse(json) : eventRecord.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
    return { line, reason };
  }
  if (!brands.has(parsed.data.brand)) return { line, reason: `brand: unknown brand "${parsed.data.brand}"` };
  return withdrawal ? { line, withdrawal: parsed.data as WithdrawalRecord } : { line, record: parsed.data as EventRecord };
}

/** The brand and slug a rejected line names, when it is JSON that names them as strings. */
function keyOf(text: string): EventKey | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { brand, slug } = json as { brand?: unknown; slug?: unknown };
  return typeof brand === 'string' && typeof slug === 'string' ? { brand, slug } : undefined;
}

/**
 * Applies catalog lines in batches of at most 500, each its own transaction, in the
 * order they come: a stream that stops keeps every batch committed before it. An event
 * line upserts (keyed by brand and slug, a producer by brand and slug, a venue by brand
 * and key), a withdrawal line deletes the event and leaves a tombstone; both are
 * idempotent, so a stopped stream is resumed by sending its lines again. Bad lines are
 * reported by number and the good ones are kept.
 */
export async function importLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  onProgress?: (p: ImportProgress) => void,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report: ImportReport = { lines: 0, imported: 0, withdrawn: 0, failed: [] };
  if (options.dryRun) return planImport(db, lines, brands, report, options);
  // An import that stopped half-way left indexes to build: they come first.
  await restoreIndexes(db);
  // Into an empty catalog the events' and postings' indexes are built once, sorted, at
  // the end (lib/db/deferred-indexes.ts), so that every tenth of the import costs the
  // same. They are built again whatever happens.
  const [empty] = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM events) AS empty');
  if (empty?.empty) await deferIndexes(db, DEFERRED_TABLES);
  try {
    return await importAll(db, lines, brands, report, onProgress, options, empty?.empty ?? false);
  } finally {
    await restoreIndexes(db);
  }
}

/** Per brand, the slugs a whole catalog names; `unknown` when a rejected line named no readable key. */
type Seen = { slugs: Map<string, Set<string>>; unknown: number };

function see(seen: Seen | undefined, key: EventKey | undefined): void {
  if (!seen) return;
  if (!key) {
    seen.unknown++;
    return;
  }
  let slugs = seen.slugs.get(key.brand);
  if (!slugs) seen.slugs.set(key.brand, (slugs = new Set()));
  slugs.add(key.slug);
}

/** Reads the lines in order, handing each run of events or of withdrawals to `apply` a batch at a time. */
async function readBatches(
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  seen: Seen | undefined,
  apply: (batch: Numbered[] | NumberedWithdrawal[]) => Promise<void>,
  flushAfterMs?: number,
): Promise<void> {
  let batch: (Numbered | NumberedWithdrawal)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    await apply(pending as Numbered[] | NumberedWithdrawal[]);
  };
  for await (const text of waitingLines(lines, flushAfterMs, () => batch.length > 0, flush)) {
    report.lines++;
    const result = parseLine(text, report.lines, brands);
    if (result === null) continue;
    if ('reason' in result) {
      report.failed.push(result);
      // A rejected line keeps its event: a whole catalog withdraws nothing it names.
      if (seen) see(seen, keyOf(text));
      continue;
    }
    if ('record' in result) see(seen, result.record);
    // Lines apply in their order: a withdrawal after an event line (or before) ends the batch.
    if (batch.length > 0 && 'record' in batch[0]! !== 'record' in result) await flush();
    batch.push(result);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
}

/**
 * The lines, and, when the next one is longer than `flushAfterMs` in coming (a stream
 * that pauses), a call to `flush` first: what arrived is committed while the stream waits.
 */
async function* waitingLines(
  lines: AsyncIterable<string> | Iterable<string>,
  flushAfterMs: number | undefined,
  holding: () => boolean,
  flush: () => Promise<void>,
): AsyncGenerator<string> {
  if (flushAfterMs === undefined || Symbol.iterator in lines) {
    yield* lines as AsyncIterable<string>;
    return;
  }
  const it = (lines as AsyncIterable<string>)[Symbol.asyncIterator]();
  for (;;) {
    const next = it.next();
    if (holding()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const paused = new Promise<'paused'>((resolve) => (timer = setTimeout(() => resolve('paused'), flushAfterMs)));
      const first = await Promise.race([next, paused]);
      clearTimeout(timer);
      if (first === 'paused') await flush();
    }
    const { value, done } = await next;
    if (done) return;
    yield value;
  }
}

async function importAll(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  onProgress: ((p: ImportProgress) => void) | undefined,
  options: ImportOptions,
  wasEmpty: boolean,
): Promise<ImportReport> {
  const seen: Seen | undefined = options.whole ? { slugs: new Map(), unknown: 0 } : undefined;
  const reinstate = options.reinstate ?? false;
  const upsert = async (pending: Numbered[]) => {
    try {
      const failed = await db.transaction((tx) => upsertBatch(tx, pending, reinstate));
      report.imported += pending.length - failed.length;
      report.failed.push(...failed);
    } catch {
      // Find the offending lines one by one so that every good line still lands.
      for (const item of pending) {
        try {
          const failed = await db.transaction((tx) => upsertBatch(tx, [item], reinstate));
          if (failed.length === 0) report.imported++;
          report.failed.push(...failed);
        } catch (err) {
          report.failed.push({ line: item.line, reason: `rejected by the database: ${(err as Error).message}` });
        }
      }
    }
  };
  const withdraw = async (pending: NumberedWithdrawal[]) => {
    report.withdrawn += (await db.transaction((tx) => withdrawEvents(tx, pending.map((p) => p.withdrawal)))).length;
  };
  await readBatches(lines, brands, report, seen, async (batch) => {
    if ('record' in batch[0]!) await upsert(batch as Numbered[]);
    else await withdraw(batch as NumberedWithdrawal[]);
    // Each batch is committed: the running server's next snapshot window sees it.
    await bumpVersion(db);
    onProgress?.({ lines: report.lines, imported: report.imported, failed: report.failed.length });
  }, options.flushAfterMs);
  if (seen) {
    const { withdrawn, refused } = await wholeCatalogWithdrawals(db, seen, options.maxWithdrawShare ?? MAX_WITHDRAW_SHARE);
    for (const keys of chunks(withdrawn, BATCH_SIZE)) {
      report.withdrawn += (await db.transaction((tx) => withdrawEvents(tx, keys))).length;
      await bumpVersion(db);
    }
    if (refused.length > 0) report.refused = refused;
  }
  if (report.imported > 0 || report.withdrawn > 0) {
    await restoreIndexes(db);
    await refreshStatistics(db, report, wasEmpty);
    clearSnapshots();
  }
  return report;
}

/** The channel on which the catalog's changes are announced (PostgreSQL NOTIFY). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Moves the catalog's version and announces it: instances that listen end their snapshot window early. */
function bumpVersion(db: Db): Promise<unknown> {
  return db.query(
    `WITH v AS (UPDATE catalog_state SET version = version + 1, updated_at = now() WHERE id = 1 RETURNING version)
     SELECT pg_notify('${CATALOG_CHANNEL}', version::text) FROM v`,
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The planner needs fresh statistics after a large change: the embedded catalog has no
 * autovacuum, and a server's may not have run yet. A change that is a small share of the
 * catalog moves no statistic that matters and is left to autovacuum. The lines have
 * landed either way: a failure here is worth a warning, not an error.
 */
async function refreshStatistics(db: Db, report: ImportReport, wasEmpty: boolean): Promise<void> {
  const [row] = await db.query<{ events: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS events FROM pg_class WHERE oid = 'events'::regclass`,
  );
  const changed = report.imported + report.withdrawn;
  if (!wasEmpty && changed < ANALYZE_SHARE * (row?.events ?? 0)) return;
  await db.exec('VACUUM ANALYZE events, venues, producers, ticket_sectors, ticket_lots, search_postings, search_words').catch((err: unknown) => {
    console.warn(`[import] VACUUM ANALYZE failed, the planner may lag until autovacuum runs: ${(err as Error).message}`);
  });
}

/** The events a whole catalog lacks, per brand it names, within the bound; brands beyond it are refused. */
async function wholeCatalogWithdrawals(
  db: Db,
  seen: Seen,
  maxShare: number,
): Promise<{ withdrawn: EventKey[]; refused: { brand: string; reason: string }[] }> {
  const withdrawn: EventKey[] = [];
  const refused: { brand: string; reason: string }[] = [];
  for (const [brand, slugs] of seen.slugs) {
    const { missing, total } = await missingSlugs(db, brand, slugs);
    if (missing.length === 0) continue;
    if (seen.unknown > 0) {
      refused.push({ brand, reason: `${seen.unknown} rejected lines name no event: the file may not be the whole catalog, ${missing.length} events kept` });
    } else if (missing.length > maxShare * total) {
      refused.push({
        brand,
        reason: `would withdraw ${missing.length} of ${total} events (more than ${Math.round(maxShare * 100)}%); raise the bound to allow it`,
      });
    } else {
      for (const slug of missing) withdrawn.push({ brand, slug });
    }
  }
  return { withdrawn, refused };
}

/** A dry run: reads the lines and the catalog, counts what would change, writes nothing. */
async function planImport(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  options: ImportOptions,
): Promise<ImportReport> {
  const plan: ImportPlan = { added: 0, changed: 0, unchanged: 0, withdrawn: [], blocked: [] };
  const seen: Seen | undefined = options.whole ? { slugs: new Map(), unknown: 0 } : undefined;
  await readBatches(lines, brands, report, seen, async (batch) => {
    const keys = 'record' in batch[0]! ? (batch as Numbered[]).map((n) => n.record) : (batch as NumberedWithdrawal[]).map((n) => n.withdrawal);
    const rows = await db.query<{ brand_id: string; slug: string; present: boolean; digest: string | null; tomb: boolean; same: boolean }>(
      `SELECT x.brand_id, x.slug, e.id IS NOT NULL AS present, e.content_digest AS digest, w.slug IS NOT NULL AS tomb,
         coalesce(w.name = x.name AND w.starts_at IS NOT DISTINCT FROM x.starts_at, false) AS same
       FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, starts_at timestamptz)
       LEFT JOIN events e ON e.brand_id = x.brand_id AND e.slug = x.slug
       LEFT JOIN event_withdrawals w ON w.brand_id = x.brand_id AND w.slug = x.slug
       WHERE e.id IS NOT NULL OR w.slug IS NOT NULL`,
      [JSON.stringify(keys.map((k) => ({ brand_id: k.brand, slug: k.slug, name: 'name' in k ? k.name : null, starts_at: 'starts_at' in k ? (k.starts_at?.toISOString() ?? null) : null })))],
    );
    const found = new Map(rows.map((r) => [`${r.brand_id}/${r.slug}`, r]));
    if ('withdrawal' in batch[0]!) {
      for (const k of keys) if (found.get(`${k.brand}/${k.slug}`)?.present) plan.withdrawn.push({ brand: k.brand, slug: k.slug });
      return;
    }
    for (const { record } of batch as Numbered[]) {
      const row = found.get(`${record.brand}/${record.slug}`);
      if (row?.tomb && !row.same && !options.reinstate) plan.blocked.push({ brand: record.brand, slug: record.slug });
      else if (!row?.present) plan.added++;
      else if (row.digest === contentDigest(record)) plan.unchanged++;
      else plan.changed++;
    }
  });
  if (seen) {
    const { withdrawn, refused } = await wholeCatalogWithdrawals(db, seen, options.maxWithdrawShare ?? MAX_WITHDRAW_SHARE);
    plan.withdrawn.push(...withdrawn);
    if (refused.length > 0) report.refused = refused;
  }
  report.plan = plan;
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

/** Upserts a batch in `tx`; returns the lines kept out because their slug was withdrawn from a different event. */
async function upsertBatch(tx: Queryable, input: Numbered[], reinstate: boolean): Promise<LineFailure[]> {
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
