import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Bounds on a hung test, not on a slow one: at load average 15 on 2 cores the slowest
          // test took 31 s (lib/markdown/tokens.test.ts) and the slowest file's hooks, which
          // open in-process PGlite catalogs, about 80 s together (lib/catalog/catalog.test.ts).
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
          globalSetup: ['e2e/api/global-setup.ts'],
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
