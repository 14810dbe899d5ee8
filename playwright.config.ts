import { defineConfig } from '@playwright/test';

// Browser tests against the production server (`npm run build` first), one project per
// brand host. Chromium comes from Debian (a tool's own browser download cannot work here).
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4110);
const brands = ['aurora', 'mare', 'sertao'];

export default defineConfig({
  testDir: 'e2e/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-summary/playwright.json' }]],
  // A test's bound: a few page loads and form posts, seconds each even on a loaded machine; the CAPTCHA and form steps have their own bounds inside.
  timeout: 60_000,
  use: {
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    viewport: { width: 1280, height: 900 },
    locale: 'pt-BR',
  },
  projects: brands.map((brand) => ({ name: brand, use: { baseURL: `http://${brand}.localhost:${PORT}` } })),
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${PORT}/api/public/v1/health`,
    reuseExistingServer: false,
    // The server's start, as in e2e/support/server.ts: up to 56 s measured at load average 18 on 2 cores, 8-12 s quiet.
    timeout: 120_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DB_TIMEOUT_MS: '10000', SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`, MAX_CONNECTIONS_PER_ADDRESS: '1000000', RATE_LIMIT_API: '1000000', RATE_LIMIT_MARKDOWN: '1000000', RATE_LIMIT_TOOLS: '1000000', RATE_LIMIT_RENDER: '1000000' },
  },
});
