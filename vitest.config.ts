import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { runInitdbImage } from './e2e/support/initdb-image.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// Every in-memory catalog of this run (in the tests and in the servers they start) begins
// from one saved new cluster instead of running initdb again (lib/db/pglite.ts); the file
// belongs to this run and is removed at its end (e2e/support/initdb-image.ts).
process.env.PGLITE_INITDB_IMAGE ??= runInitdbImage;

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Logic alone: no database, no server (`npm run test:unit`, the inner loop).
          include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Bounds on a hung test, not on a slow one: at load average 15 on 2 cores the slowest test took 31 s (lib/markdown/tokens.test.ts).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'catalog',
          // The catalog's statements on in-process databases: PGlite, and PostgreSQL when it answers (`npm run test:catalog`).
          include: ['lib/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/initdb-image.ts'],
          // Bounds on a hung test, not on a slow one: at load average 15 on 2 cores the slowest
          // file's hooks, which open in-process PGlite catalogs, took about 80 s together
          // (lib/catalog/catalog.db.test.ts).
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['e2e/api/**/*.test.ts', 'e2e/db/**/*.test.ts', 'e2e/resilience/**/*.test.ts', 'e2e/agent/**/*.test.ts', 'e2e/site/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/initdb-image.ts', 'e2e/api/global-setup.ts'],
          // Bounds on a hung test, not on a slow one; a hook may start a server (at most
          // 120 s, see e2e/support/server.ts) and fill a database. Longer tests set their own.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
