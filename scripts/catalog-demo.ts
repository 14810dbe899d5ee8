// npm run catalog:demo -- [--events N] [--seed S] [--anchor YYYY-MM-DD] [--out file.ndjson]
// Writes the deterministic demo catalog as NDJSON (the import format), to stdout or a file.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { brandRegistry } from '../lib/brand/registry';
import { generateDemo } from '../lib/demo/generate';
import { progressBar } from './progress';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '720' },
    seed: { type: 'string', default: '20261123' },
    anchor: { type: 'string' },
    out: { type: 'string' },
  },
});
const events = Number(values.events);
const seed = Number(values.seed);
const anchor = values.anchor ? new Date(`${values.anchor}T00:00:00Z`) : undefined;
if (!Number.isInteger(events) || events < 1 || !Number.isInteger(seed) || (anchor && Number.isNaN(anchor.getTime()))) {
  console.error('usage: npm run catalog:demo -- [--events N>=1] [--seed INT] [--anchor YYYY-MM-DD] [--out FILE]');
  process.exit(2);
}

const out = values.out ? createWriteStream(values.out) : process.stdout;
const bar = values.out ? progressBar('generating', events) : null;
let n = 0;
for (const record of generateDemo({ brands: brandRegistry().brands, events, seed, anchor })) {
  if (!out.write(JSON.stringify(record) + '\n')) await once(out, 'drain');
  if (++n % 1000 === 0) bar?.update(n, `${n} events`);
}
bar?.update(events, `${events} events`);
bar?.done();
if (values.out) {
  out.end();
  await once(out, 'finish');
  console.error(`Wrote ${events} events to ${values.out}.`);
}
