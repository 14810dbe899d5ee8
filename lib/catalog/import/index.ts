import { deferIndexes, restoreIndexes } from '../../db/deferred-indexes';
import type { Db } from '../../db/types';
import { clearSnapshots } from '../snapshot-cache';
import { MAX_WITHDRAW_SHARE, planImport, wholeCatalogWithdrawals } from './plan';
import { BATCH_SIZE, readBatches, type Seen } from './read';
import type { ImportOptions, ImportProgress, ImportReport, Numbered, NumberedWithdrawal } from './report';
import { withdrawEvents } from './withdrawals';
import { bumpVersion, refreshStatistics, upsertBatch } from './write';

// The import of catalog lines (NDJSON): read (./read), planned (./plan: a whole
// catalog's withdrawals, a dry run) and written (./write), a batch at a time.

export { contentDigest } from './digest';
export { MAX_WITHDRAW_SHARE } from './plan';
export { parseLine } from './read';
export type { ImportOptions, ImportPlan, ImportProgress, ImportReport, LineFailure } from './report';
export { CATALOG_CHANNEL } from './write';

/** The tables whose secondary indexes an import into an empty catalog builds at its end. */
const DEFERRED_TABLES = ['events', 'search_postings'];

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

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
