import catalog001 from './migrations/001-catalog';
import seedClaim002 from './migrations/002-seed-claim';
import underWay003 from './migrations/003-under-way';
import search004 from './migrations/004-search';
import accounts005 from './migrations/005-accounts';
import accountRecovery006 from './migrations/006-account-recovery';
import tokenFamilies007 from './migrations/007-token-families';
import postings008 from './migrations/008-postings';
import typoIndex009 from './migrations/009-typo-index';
import browsing010 from './migrations/010-browsing';
import eventChanges010 from './migrations/010-event-changes';
import listedSummary011 from './migrations/011-listed-summary';
import postingsInProportion012 from './migrations/012-postings-in-proportion';
import withdrawals012 from './migrations/012-withdrawals';
import mailOutbox013 from './migrations/013-mail-outbox';
import vocabularyCounts014 from './migrations/014-vocabulary-counts';
import accessibility015 from './migrations/015-accessibility';
import purchaseUrl016 from './migrations/016-purchase-url';
import salesStart017 from './migrations/017-sales-start';
import savedEvents018 from './migrations/018-saved-events';
import organizerSearch020 from './migrations/020-organizer-search';
import typoIndexDropped021 from './migrations/021-typo-index-dropped';
import listedDaysByBrand022 from './migrations/022-listed-days-by-brand';
import categoryInCity023 from './migrations/023-category-in-city';
import underWayByBrand024 from './migrations/024-under-way-by-brand';
import categoryToday025 from './migrations/025-category-today';
import listedMonths026 from './migrations/026-listed-months';
import organizerNameStatistics027 from './migrations/027-organizer-name-statistics';
import postingsCarryFilters028 from './migrations/028-postings-carry-filters';
import type { Db, Queryable } from './types';

/**
 * Append-only: a migration, once shipped, is never edited. They run in the order of
 * their ids (numbered names), whatever the order of this list, and a gap in the
 * numbering is fine.
 */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '001-catalog', sql: catalog001 },
  { id: '002-seed-claim', sql: seedClaim002 },
  { id: '003-under-way', sql: underWay003 },
  { id: '004-search', sql: search004 },
  { id: '005-accounts', sql: accounts005 },
  { id: '006-account-recovery', sql: accountRecovery006 },
  { id: '007-token-families', sql: tokenFamilies007 },
  { id: '008-postings', sql: postings008 },
  { id: '009-typo-index', sql: typoIndex009 },
  { id: '010-browsing', sql: browsing010 },
  { id: '010-event-changes', sql: eventChanges010 },
  { id: '011-listed-summary', sql: listedSummary011 },
  { id: '012-postings-in-proportion', sql: postingsInProportion012 },
  { id: '012-withdrawals', sql: withdrawals012 },
  { id: '013-mail-outbox', sql: mailOutbox013 },
  { id: '014-vocabulary-counts', sql: vocabularyCounts014 },
  { id: '015-accessibility', sql: accessibility015 },
  { id: '016-purchase-url', sql: purchaseUrl016 },
  { id: '017-sales-start', sql: salesStart017 },
  { id: '018-saved-events', sql: savedEvents018 },
  { id: '020-organizer-search', sql: organizerSearch020 },
  { id: '021-typo-index-dropped', sql: typoIndexDropped021 },
  { id: '022-listed-days-by-brand', sql: listedDaysByBrand022 },
  { id: '023-category-in-city', sql: categoryInCity023 },
  { id: '024-under-way-by-brand', sql: underWayByBrand024 },
  { id: '025-category-today', sql: categoryToday025 },
  { id: '026-listed-months', sql: listedMonths026 },
  { id: '027-organizer-name-statistics', sql: organizerNameStatistics027 },
  { id: '028-postings-carry-filters', sql: postingsCarryFilters028 },
].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

// Any fixed number: two servers starting at once take turns instead of racing.
const MIGRATION_LOCK = 72_310_001;

/**
 * The ids of the migrations the catalog lacks, read without writing anything: an
 * instance on a read-only replica whose schema is current starts without a write.
 */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!table?.present) return migrations.map((m) => m.id);
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  return migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
}

/** Whether this connection may write (false on a read-only replica, or with default_transaction_read_only on). */
export async function isWritable(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ read_only: string }>(`SELECT current_setting('transaction_read_only') AS read_only`);
  return row?.read_only !== 'on';
}

export async function migrate(db: Db): Promise<string[]> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return [];
  if (!(await isWritable(db))) {
    throw new Error(
      `the catalog's schema lacks ${pending.join(', ')} and this connection is read-only: apply the migrations on the primary first (start an instance or run npm run catalog:import against it)`,
    );
  }
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

/**
 * Splits a migration into statements on semicolons that end a line, keeping
 * dollar-quoted bodies whole, so each runs through the same parameterized path.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const stripped = line.replace(/--.*$/, '');
    // A dollar-quote tag is empty or an identifier: $$, $fn$, $BODY$, $_$ (never $1, a parameter).
    const dollars = stripped.match(/\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*$/.test(stripped)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => s.replace(/--.*$/gm, '').trim() !== '');
}
