// node --import tsx bench/import-change.ts --database <url of a copy> --ndjson <the catalog's NDJSON> [--lines 1000] [--command "<import command>"]
// What a small change costs on a large catalog: picks --lines events of the catalog's
// NDJSON (spread over the file), renames each (a new tag every run, so every line is a
// real change), and runs the import command on them while the API's reads run against
// the same database, two at a time. Prints the command's wall time (its start included)
// and the reads' p50/p99 before and during the import, side by side, with their ratios.
// Never point it at a shared template: it writes.
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { brandRegistry } from '../lib/brand/registry';
import { listEvents } from '../lib/catalog/listing/events';
import { parseListQuery } from '../lib/catalog/listing/query-params';
import { openPostgres } from '../lib/db/postgres';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    ndjson: { type: 'string' },
    lines: { type: 'string', default: '1000' },
    total: { type: 'string', default: '1000000' },
    command: { type: 'string', default: 'node --import tsx scripts/catalog-import.ts' },
    'idle-ms': { type: 'string', default: '8000' },
  },
});
if (!values.database || !values.ndjson) {
  console.error('usage: node --import tsx bench/import-change.ts --database <url> --ndjson <file> [--lines 1000] [--total 1000000] [--command "..."]');
  process.exit(2);
}
const wanted = Number(values.lines);
const stride = Math.max(1, Math.floor(Number(values.total) / wanted));
const offset = Math.floor(Math.random() * stride);
const tag = `r${Date.now().toString(36)}`;

const picked: string[] = [];
let index = 0;
for await (const line of createInterface({ input: createReadStream(values.ndjson, 'utf8'), crlfDelay: Infinity })) {
  if (index++ % stride === offset && picked.length < wanted) {
    const record = JSON.parse(line) as { name: string };
    picked.push(JSON.stringify({ ...record, name: `${record.name} ${tag}` }));
  }
}
const file = join(mkdtempSync(join(tmpdir(), 'import-change-')), 'change.ndjson');
writeFileSync(file, picked.join('\n') + '\n');

const db = openPostgres(values.database, 60_000, 2);
const brands = brandRegistry().brands;
const queries = ['q=forro', 'q=show+sao+paulo', 'state=sp', 'category=teatro', 'q=festival&free=true', 'per_page=20'];
let reading = true;
const sample = async (into: number[]) => {
  let i = 0;
  while (reading) {
    const brand = brands[i % brands.length]!;
    const qs = queries[i++ % queries.length]!;
    const query = parseListQuery(new URLSearchParams(qs));
    const started = performance.now();
    await listEvents(brand, query, { now: new Date(), db });
    into.push(performance.now() - started);
  }
};
const readers = (into: number[]) => Promise.all([sample(into), sample(into)]);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

const idle: number[] = [];
const idleRun = readers(idle);
await new Promise((r) => setTimeout(r, Number(values['idle-ms'])));
reading = false;
await idleRun;

reading = true;
const during: number[] = [];
const duringRun = readers(during);
const [cmd, ...args] = values.command.split(' ');
const started = performance.now();
const code = await new Promise<number | null>((resolve) => {
  const child = spawn(cmd!, [...args, file], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DATABASE_URL: values.database } });
  child.on('exit', resolve);
});
const wall = (performance.now() - started) / 1000;
reading = false;
await duringRun;
await db.close();

const f = (x: number) => x.toFixed(1);
console.log(`\n${picked.length} changed lines, command "${values.command}" exited ${code} after ${wall.toFixed(2)} s (its start included)`);
console.log(`reads idle:   n=${idle.length} p50=${f(pct(idle, 50))} ms p99=${f(pct(idle, 99))} ms`);
console.log(`reads during: n=${during.length} p50=${f(pct(during, 50))} ms p99=${f(pct(during, 99))} ms`);
console.log(`ratio during/idle: p50 ${(pct(during, 50) / pct(idle, 50)).toFixed(2)}x, p99 ${(pct(during, 99) / pct(idle, 99)).toFixed(2)}x`);
