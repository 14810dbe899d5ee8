// npm run catalog:migrate: brings the configured catalog (DATABASE_URL, or CATALOG_DIR)
// up to this version's schema with a long statement bound. A server migrates on its own
// at start, within DB_TIMEOUT_MS; a migration that reads every event of a large catalog
// (011 at a million events: about 20 s) runs here first.
import { config } from '../lib/config';
import { openDb } from '../lib/db';
import { migrate } from '../lib/db/migrate';

if (!config().databaseUrl && !config().catalogDir) {
  console.error('Set DATABASE_URL, or CATALOG_DIR for the embedded catalog.');
  process.exit(2);
}
const MIGRATION_STATEMENT_TIMEOUT_MS = 30 * 60_000;
const db = await openDb({ timeoutMs: MIGRATION_STATEMENT_TIMEOUT_MS });
try {
  const started = performance.now();
  const applied = await migrate(db);
  if (db.kind === 'postgres' && applied.length > 0) await db.query('ANALYZE');
  console.log(applied.length ? `Applied ${applied.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s.` : 'The catalog is up to date.');
} finally {
  await db.close();
}
