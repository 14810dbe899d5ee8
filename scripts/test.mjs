// npm test: every test of the project, in the order a reader would want them:
// type check, production build, unit and HTTP tests (vitest), then the browser tests
// (Playwright) when the project has them. Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const stages = [
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['production build', 'npx', ['next', 'build']],
  ['unit and HTTP tests', 'npx', ['vitest', 'run']],
];
if (existsSync('playwright.config.ts')) stages.push(['browser tests', 'npx', ['playwright', 'test']]);

for (const [name, cmd, args] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}
