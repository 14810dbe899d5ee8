import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoRegistry } from '../../lib/brand/registry';
import type { Brand } from '../../lib/brand/schema';
import { request } from './client';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  name: string;
  port: number;
  /** An address the server listens on, to connect to. */
  address: string;
  pid: number;
  /** Whether the process is still running. */
  alive: () => boolean;
  /**
   * Retained memory after full collections; only on a server started with `heapProbe`
   * (e2e/support/heap-probe.mjs over an IPC channel, and GC exposed to that process alone).
   */
  heap: () => Promise<HeapFigures>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export type HeapFigures = {
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  arrayBuffers: number;
  /** The most the heap held right after a full collection of V8's own since the previous reading; 0 when it ran none. */
  peakAfterMajor: number;
};

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server whose registry is the demo's with its default brand changed (the brand
 * `change` gives, at the server's port), written to a BRANDS_FILE of its own.
 */
export async function startServerWithDefaultBrand(name: string, change: (brand: Brand, port: number) => Brand, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const registry = demoRegistry(port);
  registry.brands[0] = change(registry.brands[0]!, port);
  const file = join(mkdtempSync(join(tmpdir(), 'brands-')), 'brands.json');
  writeFileSync(file, JSON.stringify(registry));
  return startServer(name, { BRANDS_FILE: file, ...env }, { port });
}

/**
 * The default brand's site at http://127.0.0.1:<port>: the official SDK clients resolve the
 * URLs its documents give them, and Node does not resolve *.localhost.
 */
export const siteOnLoopback = (brand: Brand, port: number): Brand => ({ ...brand, site_url: `http://127.0.0.1:${port}` });

/** Starts the production server (server.mjs over the last `next build`) with extra environment. */
export async function startServer(name: string, env: Record<string, string>, options: { waitForDb?: boolean; port?: number; nodeArgs?: string[]; heapProbe?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(`${ROOT}/.next/BUILD_ID`)) throw new Error('No production build: run `npm run build` first.');
  const port = options.port ?? (await freePort());
  const probe = options.heapProbe ? ['--expose-gc', '--import', './e2e/support/heap-probe.mjs'] : [];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...probe, 'server.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      AGENT_CREDENTIAL_SECRET: 'test-secret-for-http-suite',
      // Suites send many requests, and open many connections, from one address; budgets and
      // connection limits are tested on their own servers.
      MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      RATE_LIMIT_API: '1000000',
      RATE_LIMIT_MARKDOWN: '1000000',
      RATE_LIMIT_TOOLS: '1000000',
      RATE_LIMIT_RENDER: '1000000',
      RATE_LIMIT_IDENTITY: '1000000',
      // The run's saved new cluster, if any (vitest.config.ts): an in-memory catalog starts without initdb.
      ...(process.env.PGLITE_INITDB_IMAGE ? { PGLITE_INITDB_IMAGE: process.env.PGLITE_INITDB_IMAGE } : {}),
      ...env,
    },
    stdio: options.heapProbe ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async () => {
    if (exited) return;
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // Clean-up only: a server still draining after 5 s is killed; no test reads how long that took.
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await done;
    clearTimeout(timer);
  };

  // What a client connects to: the listen address, or loopback for the wildcard.
  const listen = env.HOST ?? '127.0.0.1';
  const address = listen === '0.0.0.0' || listen === '::' ? '127.0.0.1' : listen;
  // Measured start to a healthy catalog: 8-12 s on a quiet machine, up to 56 s at load average 18 on 2 cores; the bound is twice that.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`server ${name} exited during start:\n${out}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${name} did not become ready:\n${out}`);
    }
    try {
      const res = await request(port, '/api/public/v1/health', { address });
      if (res.status === 200 && (options.waitForDb === false || (res.json() as { database: { status: string } }).database.status === 'up')) break;
    } catch {
      // not listening yet
    }
    // A poll interval, not a bound (the deadline above is the bound).
    await new Promise((r) => setTimeout(r, 250));
  }
  const heap = () =>
    new Promise<HeapFigures>((resolve, reject) => {
      if (!options.heapProbe) return reject(new Error(`server ${name} was started without the heap probe`));
      if (exited) return reject(new Error(`server ${name} has exited:\n${out.slice(-2000)}`));
      const onExit = () => reject(new Error(`server ${name} exited:\n${out.slice(-2000)}`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as HeapFigures);
      });
      child.send({ type: 'heap' });
    });
  return { name, port, address, pid: child.pid!, alive: () => !exited, heap, output: () => out, stop };
}
