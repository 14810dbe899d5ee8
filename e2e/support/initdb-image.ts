import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** This run's saved new cluster (lib/db/pglite.ts), named after the process that runs vitest. */
export const runInitdbImage = join(tmpdir(), `event-catalog-initdb-${process.pid}.tar`);

/** Removes the run's own image when the run ends (one named by the caller's PGLITE_INITDB_IMAGE stays). */
export default function setup() {
  return () => rmSync(runInitdbImage, { force: true });
}
