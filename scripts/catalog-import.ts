// npm run catalog:import <file.ndjson>: upserts catalog lines into the configured catalog
// (DATABASE_URL, or the embedded catalog in CATALOG_DIR). Bad lines are reported by
// number and every good line is kept. Exit code 1 when any line was rejected.
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { brandRegistry } from '../lib/brand/registry';
import { importLines } from '../lib/catalog/import';
import { config } from '../lib/config';
import { openDb } from '../lib/db';
import { migrate } from '../lib/db/migrate';
import { syncBrands } from '../lib/startup/catalog';
import { progressBar } from './progress';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run catalog:import <file.ndjson>');
  process.exit(2);
}
if (!config().databaseUrl && !config().catalogDir) {
  console.error('Set DATABASE_URL, or CATALOG_DIR for the embedded catalog: without either the catalog lives in memory only.');
  process.exit(2);
}

const size = statSync(file).size;
const bar = progressBar('importing', size);
let bytes = 0;
// The file is opened only when reading starts, so no line is emitted before anyone listens.
async function* counted() {
  const lines = createInterface({ input: createReadStream(file!, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    bytes += Buffer.byteLength(line) + 1;
    yield line;
  }
}

// Batches and the closing VACUUM ANALYZE of a large catalog take longer than a request may.
const IMPORT_STATEMENT_TIMEOUT_MS = 30 * 60_000;
const db = await openDb({ timeoutMs: IMPORT_STATEMENT_TIMEOUT_MS });
try {
  await migrate(db);
  await syncBrands(db);
  const brands = new Set(brandRegistry().brands.map((b) => b.id));
  const started = performance.now();
  const report = await importLines(db, counted(), brands, (p) => bar.update(bytes, `${p.imported} imported, ${p.failed} rejected`));
  bar.update(size, `${report.imported} imported, ${report.failed.length} rejected`);
  bar.done();
  console.log(`Imported ${report.imported} events from ${report.lines} lines of ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (report.failed.length > 0) {
    console.log(`${report.failed.length} lines rejected:`);
    for (const f of report.failed) console.log(`  line ${f.line}: ${f.reason}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
