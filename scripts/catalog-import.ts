// npm run catalog:import [options] <file.ndjson | ->: applies catalog lines to the
// configured catalog (DATABASE_URL, or the embedded catalog in CATALOG_DIR): an event
// line upserts, a withdrawal line ({"brand", "slug", "withdrawn": true}) removes. `-`
// reads standard input and commits each batch as it arrives. Bad lines are reported by
// number and every good line is kept. Exit code 1 when any line was rejected or a
// whole catalog's withdrawals were refused.
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { brandRegistry } from '../lib/brand/registry';
import { importLines, MAX_WITHDRAW_SHARE, type ImportReport } from '../lib/catalog/import';
import { config } from '../lib/config';
import { migrate } from '../lib/db/migrate';
import { openPostgres } from '../lib/db/postgres';
import type { Db } from '../lib/db/types';
import { syncBrands } from '../lib/startup/brands';
import { progressBar } from './progress';

const USAGE = `usage: npm run catalog:import -- [--whole [--max-withdraw=<share>]] [--reinstate] [--dry-run] <file.ndjson | ->
  -                    read lines from standard input, committing each batch as it arrives
  --whole              the file is the whole catalog of the brands it names: their events it lacks are withdrawn
  --max-withdraw=<s>   with --whole, the share of a brand's events that may be withdrawn (default ${MAX_WITHDRAW_SHARE})
  --reinstate          give slugs withdrawn from a different event to the events of this import
  --dry-run            print what would change and write nothing`;

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      whole: { type: 'boolean', default: false },
      'max-withdraw': { type: 'string' },
      reinstate: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
}
try {
  args = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const file = args.positionals[0];
const maxWithdraw = args.values['max-withdraw'] === undefined ? MAX_WITHDRAW_SHARE : Number(args.values['max-withdraw']);
if (!file || args.positionals.length > 1 || !(maxWithdraw >= 0 && maxWithdraw <= 1)) {
  console.error(USAGE);
  process.exit(2);
}
if (!config().databaseUrl && !config().catalogDir) {
  console.error('Set DATABASE_URL, or CATALOG_DIR for the embedded catalog: without either the catalog lives in memory only.');
  process.exit(2);
}

const stdin = file === '-';
const size = stdin ? 0 : statSync(file).size;
const bar = stdin ? undefined : progressBar('importing', size);
let bytes = 0;
// The file is opened only when reading starts, so no line is emitted before anyone listens.
async function* counted() {
  const input = stdin ? process.stdin : createReadStream(file!, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    bytes += Buffer.byteLength(line) + 1;
    yield line;
  }
}

function summary(r: ImportReport): string {
  return `${r.imported} imported, ${r.withdrawn} withdrawn, ${r.failed.length} rejected`;
}

// Batches and the closing VACUUM ANALYZE of a large catalog take longer than a request may.
const IMPORT_STATEMENT_TIMEOUT_MS = 30 * 60_000;
const STREAM_PAUSE_MS = 200;
// The command loads only what it uses (the embedded database's engine only for it): its
// start is part of what a small import costs.
async function open(): Promise<Db> {
  const c = config();
  if (c.databaseUrl) return openPostgres(c.databaseUrl, IMPORT_STATEMENT_TIMEOUT_MS, c.dbPoolSize);
  const { openPglite } = await import('../lib/db/pglite');
  return openPglite(c.catalogDir);
}
const db = await open();
try {
  await migrate(db);
  await syncBrands(db);
  const brands = new Set(brandRegistry().brands.map((b) => b.id));
  const started = performance.now();
  const report = await importLines(
    db,
    counted(),
    brands,
    (p) => (stdin ? console.error(`applied ${p.lines} lines: ${p.imported} imported, ${p.failed} rejected`) : bar?.update(bytes, `${p.imported} imported, ${p.failed} rejected`)),
    {
      whole: args.values.whole,
      maxWithdrawShare: maxWithdraw,
      reinstate: args.values.reinstate,
      dryRun: args.values['dry-run'],
      // A stream commits what it holds when it pauses: a line is on the site within a
      // snapshot window of arriving, not when 500 more have come.
      flushAfterMs: stdin ? STREAM_PAUSE_MS : undefined,
    },
  );
  bar?.update(size, summary(report));
  bar?.done();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const source = stdin ? 'standard input' : file;
  if (report.plan) {
    const p = report.plan;
    console.log(`Dry run of ${report.lines} lines of ${source}, nothing written: ${p.added} events would be added, ${p.changed} changed, ${p.unchanged} unchanged, ${p.withdrawn.length} withdrawn, ${p.blocked.length} kept out (slug withdrawn from a different event).`);
    for (const k of p.withdrawn.slice(0, 50)) console.log(`  withdraw ${k.brand}/${k.slug}`);
    if (p.withdrawn.length > 50) console.log(`  … and ${p.withdrawn.length - 50} more`);
    for (const k of p.blocked.slice(0, 50)) console.log(`  keep out ${k.brand}/${k.slug}`);
  } else {
    console.log(`Imported ${report.imported} events from ${report.lines} lines of ${source} in ${seconds} s; ${report.withdrawn} withdrawn.`);
  }
  for (const r of report.refused ?? []) console.log(`Withdrawals refused for ${r.brand}: ${r.reason}.`);
  if (report.failed.length > 0) {
    console.log(`${report.failed.length} lines rejected:`);
    for (const f of report.failed) console.log(`  line ${f.line}: ${f.reason}`);
  }
  if (report.failed.length > 0 || (report.refused?.length ?? 0) > 0) process.exitCode = 1;
} finally {
  await db.close();
}
