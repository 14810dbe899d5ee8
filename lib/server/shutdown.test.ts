import { describe, expect, test } from 'vitest';
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
