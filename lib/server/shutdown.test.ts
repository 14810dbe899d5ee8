import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { childOutput } from '../../e2e/support/child-output';
import { handlerWork } from './shutdown.mjs';

/** A response whose `end` the handler calls, as Node's would be. */
const response = () => ({ ended: 0, end(this: { ended: number }) { this.ended++; return this; } });
const tick = () => new Promise((r) => setTimeout(r, 0));

// What the shutdown waits for before it closes the catalog: handlers at work, even those
// whose clients have gone, and no longer than the handler's own work.
describe('the handlers at work', () => {
  test('a handler counts until its promise settles', async () => {
    const work = handlerWork();
    let finish!: () => void;
    const res = response();
    work.run(res, () => new Promise<void>((r) => (finish = r)));
    expect(work.count()).toBe(1);
    let settled = false;
    void work.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    finish();
    await tick();
    expect(settled).toBe(true);
    expect(work.count()).toBe(0);
  });

  test('a handler that has ended its response no longer counts, though its promise never settles', async () => {
    const work = handlerWork();
    const res = response();
    work.run(res, () => new Promise<void>(() => {}));
    expect(work.count()).toBe(1);
    res.end();
    expect(res.ended).toBe(1);
    await tick();
    expect(work.count()).toBe(0);
    await work.settled();
  });

  test('a handler that fails counts no more, and the failure stays its own', async () => {
    const work = handlerWork();
    const failed = work.run(response(), () => Promise.reject(new Error('boom')));
    await expect(failed).rejects.toThrow('boom');
    await work.settled();
    expect(work.count()).toBe(0);
  });
});

// A stopping server whose log reader has gone (the pipe of a parent that was killed)
// still exits: the logger writes each line as it is logged, so the exit has none left to
// retry for ever against a reader that has gone.
describe('the exit after a shutdown', () => {
  test('a server whose stdout reader left while it was stopping still exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    const script = join(dir, 'stopping.mjs');
    writeFileSync(
      script,
      `const { processLogger } = await import(${JSON.stringify(new URL('../observability/server.mjs', import.meta.url).href)});
      const { gracefulShutdown } = await import(${JSON.stringify(new URL('./shutdown.mjs', import.meta.url).href)});
      const logger = processLogger('info');
      // One handler at work until stdin closes (the test's signal that the log reader has
      // gone); it logs as it ends, as a request's log line comes when its answer ends.
      let working = true;
      const settled = new Promise((resolve) => process.stdin.on('close', resolve).resume()).then(() => {
        working = false;
        logger.info('handler done');
      });
      gracefulShutdown([], { timeoutMs: 60_000, logger, handlers: { count: () => (working ? 1 : 0), settled: () => settled } });
      logger.info('ready');`,
    );
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out = childOutput(child.stdout!);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await out.match(/"ready"/);
      child.kill('SIGTERM');
      await out.match(/waiting for handlers/);
      // The reader goes; then the handler ends, and the server logs that it stopped.
      child.stdout!.destroy();
      child.stdin!.end();
      expect(await exited).toBe(0);
    } finally {
      // Clean-up only: a child that hangs is not left behind when the test fails.
      child.kill('SIGKILL');
    }
  });
});
