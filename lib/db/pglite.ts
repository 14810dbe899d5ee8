import { mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import lockfile from 'proper-lockfile';
import { config } from '../config';
import type { Db, Queryable } from './types';

/**
 * PGlite runs PostgreSQL's defaults for a server: 128 MB of shared buffers (160 MB with
 * the rest of shared memory) sized for 100 connections, 64 MB for maintenance (index
 * builds, VACUUM), all inside a WebAssembly memory that grows and never shrinks. One
 * process, one connection, and a catalog whose pages live in memory anyway need far less.
 */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  const settings = {
    shared_buffers: `${sharedBuffersMb}MB`,
    max_connections: '3',
    wal_buffers: '1MB',
    temp_buffers: '1MB',
    maintenance_work_mem: '16MB',
  };
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

const extensions = { unaccent, pg_trgm, btree_gist };

/**
 * A new cluster as initdb leaves it (a tar of its files, as `dumpDataDir` gives it), kept in
 * `file`: initdb is most of an in-memory catalog's start (2-4 s of WebAssembly), loading the
 * image about 1 s. The first process to need it writes it; a file that exists is used as is,
 * so the image must come from the installed PGlite (delete it after an upgrade).
 */
async function initdbImage(file: string): Promise<Blob> {
  try {
    return new Blob([await readFile(file)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const db = await PGlite.create({ extensions });
  const image = await db.dumpDataDir('none');
  await db.close();
  // Written aside and renamed, so that a process reading it never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, file);
  return image;
}

/**
 * The embedded catalog. In memory by default, so every process has its own; with a
 * directory, a lock file keeps a second process (build, dev server, import) from
 * opening the same files, which would corrupt them.
 */
export async function openPglite(dir?: string): Promise<Db> {
  let release: (() => void) | undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    try {
      release = lockfile.lockSync(dir, { stale: 15_000, update: 5_000, realpath: false });
    } catch (err) {
      throw new Error(
        `The embedded catalog in ${dir} is in use by another process. Stop it, or give this process its own CATALOG_DIR.`,
        { cause: err },
      );
    }
  }
  const { pgliteSharedBuffersMb, pgliteInitdbImage } = config();
  // An in-memory catalog may start from a saved new cluster (PGLITE_INITDB_IMAGE); one in a directory has its own files.
  const loadDataDir = !dir && pgliteInitdbImage ? await initdbImage(pgliteInitdbImage) : undefined;
  const db = await PGlite.create({ dataDir: dir, loadDataDir, extensions, startParams: pgliteStartParams(pgliteSharedBuffersMb) });
  let count = 0;
  const query = async <T>(client: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) => {
    count++;
    const res = await client.query<T>(sql, params);
    return res.rows;
  };
  return {
    kind: 'pglite',
    get queryCount() {
      return count;
    },
    query: (sql, params) => query(db, sql, params),
    async exec(sql) {
      count++;
      await db.exec(sql);
    },
    transaction: (fn) =>
      db.transaction(async (t) => {
        const tx: Queryable = { query: (sql, params) => query(t, sql, params) };
        return fn(tx);
      }),
    async close() {
      await db.close();
      release?.();
    },
  };
}
