import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { request } from './client';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  name: string;
  port: number;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
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

/** Starts the production server (server.mjs over the last `next build`) with extra environment. */
export async function startServer(name: string, env: Record<string, string>, options: { waitForDb?: boolean; port?: number } = {}): Promise<RunningServer> {
  if (!existsSync(`${ROOT}/.next/BUILD_ID`)) throw new Error('No production build: run `npm run build` first.');
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      AGENT_CREDENTIAL_SECRET: 'test-secret-for-http-suite',
      // Suites send many requests from one address; budgets are tested on their own servers.
      RATE_LIMIT_API: '1000000',
      RATE_LIMIT_MARKDOWN: '1000000',
      RATE_LIMIT_TOOLS: '1000000',
      RATE_LIMIT_RENDER: '1000000',
      RATE_LIMIT_IDENTITY: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await done;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`server ${name} exited during start:\n${out}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${name} did not become ready:\n${out}`);
    }
    try {
      const res = await request(port, '/api/public/v1/health');
      if (res.status === 200 && (options.waitForDb === false || (res.json() as { database: { status: string } }).database.status === 'up')) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, port, pid: child.pid!, output: () => out, stop };
}
