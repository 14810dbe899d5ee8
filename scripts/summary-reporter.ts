import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

// Ends the run with one plain line, "N passed, N failed, N skipped", that any reader of
// the log (or CI) can take in at a glance.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed outside its tests (import error, failing hook) counts as one failure.
      if (m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed')) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // scripts/test.mjs adds these to the browser tests' counts for the run's last line.
    mkdirSync('.test-summary', { recursive: true });
    writeFileSync('.test-summary/vitest.json', JSON.stringify({ passed, failed, skipped }));
  }
}
