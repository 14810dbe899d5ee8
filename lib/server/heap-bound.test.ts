import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { childOutput } from '../../e2e/support/child-output';
import { HEAP_CAP_MIB, HEAP_FLOOR_MIB, heapBoundMiB, memoryLimit } from './heap-bound.mjs';

const GiB = 2 ** 30;

describe('heapBoundMiB', () => {
  test('half the memory the process may use, between the floor and the cap', () => {
    expect(heapBoundMiB({ execArgv: [], env: {}, heapMax: '', limitBytes: 24 * GiB })).toBe(HEAP_CAP_MIB);
    expect(heapBoundMiB({ execArgv: [], env: {}, heapMax: '', limitBytes: 0.375 * GiB })).toBe(192);
    expect(heapBoundMiB({ execArgv: [], env: {}, heapMax: '', limitBytes: 0.125 * GiB })).toBe(HEAP_FLOOR_MIB);
  });

  test('an explicit bound wins: the flag, NODE_OPTIONS, HEAP_MAX_MIB', () => {
    expect(heapBoundMiB({ heapMax: '', execArgv: ['--max-old-space-size=900'], env: {}, limitBytes: GiB })).toBeNull();
    expect(heapBoundMiB({ heapMax: '', execArgv: ['--max_old_space_size=900'], env: {}, limitBytes: GiB })).toBeNull();
    expect(heapBoundMiB({ execArgv: [], heapMax: '', env: { NODE_OPTIONS: '--enable-source-maps --max-old-space-size=700' }, limitBytes: GiB })).toBeNull();
    expect(heapBoundMiB({ execArgv: [], env: {}, heapMax: '300', limitBytes: GiB })).toBe(300);
    expect(heapBoundMiB({ execArgv: [], env: {}, heapMax: 'off', limitBytes: GiB })).toBeNull();
    expect(heapBoundMiB({ execArgv: [], heapMax: '', env: { NODE_OPTIONS: '--max-old-space-size-percentage=50' }, limitBytes: 24 * GiB })).toBe(HEAP_CAP_MIB);
  });

  test('a HEAP_MAX_MIB that is not a number of MiB stops the start', () => {
    for (const bad of ['-1', '0', '1e3', '256MB', 'auto']) expect(() => heapBoundMiB({ execArgv: [], env: {}, heapMax: bad })).toThrow(/HEAP_MAX_MIB/);
  });
});

describe('memoryLimit', () => {
  test("the container's limit where it is below the machine's memory", () => {
    expect(memoryLimit(512 * 2 ** 20, 24 * GiB)).toBe(512 * 2 ** 20);
    expect(memoryLimit(0, 24 * GiB)).toBe(24 * GiB);
    expect(memoryLimit(2 ** 62, 24 * GiB)).toBe(24 * GiB);
  });
});

// The process started without a bound runs the rest under one, on this Node (in place on
// Node 24, as a child on Node 20), and keeps an explicit one.
const script = `
  const { ensureHeapBound } = await import(${JSON.stringify(new URL('./heap-bound.mjs', import.meta.url).href)});
  await ensureHeapBound();
  const v8 = await import('node:v8');
  console.log(JSON.stringify({ limit: Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20), argv: process.argv.slice(2), execArgv: process.execArgv }));
  process.exitCode = 3;`;
const file = join(mkdtempSync(join(tmpdir(), 'heap-bound-')), 'main.mjs');
writeFileSync(file, script);
const run = (nodeArgs: string[], env: Record<string, string>) => {
  const r = spawnSync(process.execPath, [...nodeArgs, file, 'kept'], {
    env: { ...process.env, NODE_OPTIONS: '', HEAP_MAX_MIB: '', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: JSON.parse(r.stdout.trim().split('\n').at(-1) ?? 'null') as { limit: number; argv: string[] } };
};

describe('ensureHeapBound', () => {
  test('starts the process again with the bound, its arguments and exit code kept', () => {
    const { status, out } = run([], { HEAP_MAX_MIB: '200' });
    expect(status).toBe(3);
    // V8 adds its young generation to the old space's bound; left to itself, it sizes the heap from the machine.
    expect(out.limit).toBeGreaterThanOrEqual(200);
    expect(out.limit).toBeLessThan(run([], { HEAP_MAX_MIB: 'off' }).out.limit);
    expect(out.limit).toBeLessThan(run([], { HEAP_MAX_MIB: '400' }).out.limit);
    expect(out.argv).toContain('kept');
  });

  test('a process with an IPC channel keeps running as it is, and says so', async () => {
    const child = spawn(process.execPath, [file, 'kept'], { env: { ...process.env, NODE_OPTIONS: '', HEAP_MAX_MIB: '' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(), 10_000);
    await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as { limit: number };
    expect(out.limit).toBe(run([], { HEAP_MAX_MIB: 'off' }).out.limit);
    expect(stderr).toMatch(/No heap bound: started with an IPC channel/);
  });

  test('a child that a parent waits for stops when that parent is killed at once', async () => {
    // The child's way is the one Node 20 takes; on Node 24 it is asked for, so both Nodes test it.
    const follower = join(mkdtempSync(join(tmpdir(), 'heap-bound-')), 'follower.mjs');
    writeFileSync(
      follower,
      `const { ensureHeapBound } = await import(${JSON.stringify(new URL('./heap-bound.mjs', import.meta.url).href)});
      await ensureHeapBound({ inPlace: false });
      process.on('SIGTERM', () => { console.log('stopping ' + process.pid); process.exit(0); });
      console.log('serving ' + process.pid + ' under ' + process.ppid);
      setInterval(() => {}, 1000);`,
    );
    const parent = spawn(process.execPath, [follower], { env: { ...process.env, NODE_OPTIONS: '', HEAP_MAX_MIB: '200' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const stdout = childOutput(parent.stdout!);
    const serving = await stdout.match(/serving (\d+) under (\d+)/);
    const childPid = Number(serving[1]);
    expect(Number(serving[2])).toBe(parent.pid);
    expect(childPid).not.toBe(parent.pid);
    parent.kill('SIGKILL');
    // The child shares the parent's stdout pipe: it stays open until the child is gone too.
    await new Promise((resolve) => parent.stdout!.once('end', resolve));
    expect(stdout.text()).toContain(`stopping ${childPid}`);
    // Its pipe closes as it exits; the process itself is gone a moment later.
    const alive = () => {
      try {
        process.kill(childPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive()) await new Promise((resolve) => setTimeout(resolve, 20));
  });

  test('leaves an explicit flag alone', () => {
    const { out } = run(['--max-old-space-size=700'], {});
    expect(out.limit).toBeGreaterThanOrEqual(700);
  });
});
