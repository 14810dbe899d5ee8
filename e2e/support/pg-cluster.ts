import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server';

const run = promisify(execFile);

/** The directory of the PostgreSQL server programs (Debian's layout), if installed. */
export function pgBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL server of the test's own (initdb in a temporary directory, on a free
 * port), so that a test can really stop and start it without touching the machine's
 * shared server. PostgreSQL refuses to run as root: as root it runs as `postgres`.
 */
export async function privateCluster() {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const root = userInfo().uid === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (program: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** Stops the server the way an operator would (fast: connections are ended). */
    stop: () => as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    async destroy() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
