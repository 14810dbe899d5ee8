// npm test: every test of the project, in the order a reader would want them:
// type check, the layer rules (dependency-cruiser, .dependency-cruiser.cjs), production
// build, unit and HTTP tests (vitest), then the browser tests (Playwright). Stops at
// the first failing stage and ends with one line that adds up every test run:
// "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Two free neighbouring ports for the browser tests' server and its mail catcher
 * (playwright.config.ts), chosen at random just before that stage starts: a second copy of
 * the suite on the same machine then almost never meets the same pair, even when both
 * reach the stage together (a fixed default would make them collide while the first
 * server starts).
 */
async function browserPorts() {
  for (;;) {
    const port = 20_000 + 2 * Math.floor(Math.random() * 20_000);
    if ((await free(port)) && (await free(port + 1))) return String(port);
  }
}

/** Whether nothing listens on 127.0.0.1:`port` right now. */
const free = (port) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

rmSync('.test-summary', { recursive: true, force: true });
const stages = [
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['dependency rules', 'npx', ['depcruise', 'lib', 'app', 'proxy.ts', 'instrumentation.ts', 'server.mjs', 'scripts', 'bench', 'e2e', '--config', '.dependency-cruiser.cjs']],
  ['production build', 'npx', ['next', 'build']],
  ['unit and HTTP tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['playwright', 'test']],
];

function totals() {
  const sum = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync('.test-summary/vitest.json')) {
    const v = JSON.parse(readFileSync('.test-summary/vitest.json', 'utf8'));
    sum.passed += v.passed;
    sum.failed += v.failed;
    sum.skipped += v.skipped;
  }
  if (existsSync('.test-summary/playwright.json')) {
    const s = JSON.parse(readFileSync('.test-summary/playwright.json', 'utf8')).stats ?? {};
    sum.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    sum.failed += s.unexpected ?? 0;
    sum.skipped += s.skipped ?? 0;
  }
  return sum;
}

let status = 0;
for (const [name, cmd, args] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (cmd === 'npx' && args[0] === 'playwright') env.PLAYWRIGHT_PORT ??= await browserPorts();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    status = result.status || 1;
    break;
  }
}
const t = totals();
if (status !== 0 && t.failed === 0) t.failed = 1; // a stage that failed outside any test still counts
console.log(`\n${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
process.exit(status);
