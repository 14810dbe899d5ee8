// The server bounds its own JavaScript heap. Left to itself, V8 sizes the heap from the
// machine's whole memory (about 4 GiB of heap on a 24 GiB machine), not from the
// container's limit, and Node 24 keeps what it once used: 839 MiB of RSS after 6,400
// URLs where a bound of 256 MiB held it at 403. A heap bound can only be given when the
// process starts, so without one the server starts itself again with
// --max-old-space-size: in place (process.execve, same pid, nothing left behind) where
// Node has it, otherwise as a child that it waits for, passing on signals. That child
// stops (as on SIGTERM) when its parent is gone, even if the parent was killed at once:
// it holds an IPC channel to the parent, and the channel's end is its signal. A process
// started with an IPC channel (a supervisor that talks to it, the tests' heap probe)
// keeps running as it is, since neither way would keep the channel with the process
// that serves: it says so on stderr.
//
// An explicit setting always wins: --max-old-space-size on the command line or in
// NODE_OPTIONS, or HEAP_MAX_MIB (a number of MiB, or "off" to leave V8 to size the heap).
import { spawn } from 'node:child_process';
import { constants, totalmem } from 'node:os';

/** The most heap the server takes by default: it rests at about 100 MiB after any crawl. */
export const HEAP_CAP_MIB = 256;
/** The least it takes, however small the container. */
export const HEAP_FLOOR_MIB = 128;
/** Its share of the memory the process may use (the rest: code, buffers, the C heap). */
export const HEAP_SHARE = 0.5;

const FLAG = /(?:^|\s)--max[-_]old[-_]space[-_]size(?:=|\s|$)/;

/**
 * The memory the process may use: the container's limit (cgroup v1 or v2, read by libuv)
 * where there is one below the machine's memory, otherwise the machine's memory.
 */
export function memoryLimit(constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0, total = totalmem()) {
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * The heap bound to start with, in MiB, or null when the process keeps the one it has:
 * one given explicitly (the flag, NODE_OPTIONS, HEAP_MAX_MIB) or none asked for ("off").
 * A HEAP_MAX_MIB that is not a positive whole number or "off" is an error, at once.
 */
export function heapBoundMiB({ execArgv = process.execArgv, env = process.env, heapMax = process.env.HEAP_MAX_MIB, limitBytes = memoryLimit() } = {}) {
  if (execArgv.some((a) => FLAG.test(a)) || FLAG.test(env.NODE_OPTIONS ?? '')) return null;
  const asked = heapMax?.trim();
  if (asked) {
    if (asked === 'off') return null;
    if (!/^[1-9]\d{0,6}$/.test(asked)) throw new Error(`HEAP_MAX_MIB must be a number of MiB or "off", not "${asked.slice(0, 40)}".`);
    return Number(asked);
  }
  const share = Math.floor((limitBytes * HEAP_SHARE) / 2 ** 20);
  return Math.min(HEAP_CAP_MIB, Math.max(HEAP_FLOOR_MIB, share));
}

/** Whether the running process already has the heap bound (it was started again with it). */
const started = (mib) => process.execArgv.includes(`--max-old-space-size=${mib}`);

const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGUSR2'];
/** Set on the child that a parent waits for: its IPC channel is that parent's life line. */
const CHILD_MARK = 'HEAP_BOUND_PARENT_PID';

/** In the child: stop as on SIGTERM once the parent that waits for it is gone. */
function followParent() {
  const parent = process.env[CHILD_MARK];
  if (!parent) return;
  delete process.env[CHILD_MARK];
  if (!process.channel || String(process.ppid) !== parent) return;
  // The channel does not keep the process alive, and its end (the parent's exit) stops the server.
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

/**
 * Runs the rest of the caller under a heap bound: returns at once when the process has
 * one (or keeps its own), and otherwise never settles: the process is replaced by one
 * started with the bound, or waits for that one as a child and exits as it does.
 */
export function ensureHeapBound({ inPlace = typeof process.execve === 'function' } = {}) {
  followParent();
  const mib = heapBoundMiB();
  if (mib === null || started(mib)) return Promise.resolve();
  if (process.channel) {
    process.stderr.write(`No heap bound: started with an IPC channel. Set HEAP_MAX_MIB=${mib} or --max-old-space-size=${mib} (or HEAP_MAX_MIB=off).\n`);
    return Promise.resolve();
  }
  const args = [...process.execArgv, `--max-old-space-size=${mib}`, ...process.argv.slice(1)];
  // The child knows its bound from the flag; HEAP_MAX_MIB keeps a second start from looping.
  const env = { ...process.env, HEAP_MAX_MIB: String(mib) };
  if (inPlace) process.execve(process.execPath, [process.execPath, ...args], env);
  const child = spawn(process.execPath, args, { env: { ...env, [CHILD_MARK]: String(process.pid) }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
  return new Promise(() => {});
}
