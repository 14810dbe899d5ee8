import type { TestProject } from 'vitest/node';
import { createTestDatabase, postgresReachable } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

export type Target = { name: 'pglite' | 'postgres'; port: number; databaseUrl?: string };

/** The PostgreSQL target's snapshot window (the embedded one keeps the default). */
export const SHORT_SNAPSHOT_MS = 1_000;

declare module 'vitest' {
  export interface ProvidedContext {
    targets: Target[];
  }
}

// One production server per catalog backend, shared by every HTTP test file. With
// CI=true the PostgreSQL run is required: an unreachable server fails the suite.
export default async function setup(project: TestProject) {
  const servers: RunningServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const targets: Target[] = [];

  // A generous database bound: these servers share two cores with the rest of the suite.
  // The bound itself is tested on servers of their own (upstream.test.ts).
  const embedded = startServer('pglite', { DB_TIMEOUT_MS: '10000' });
  let postgres: Promise<RunningServer> | undefined;
  let databaseUrl: string | undefined;
  if (await postgresReachable()) {
    const db = await createTestDatabase('catalog_http');
    cleanups.push(db.drop);
    databaseUrl = db.url;
    // A short snapshot window lets tests see backend changes without waiting long.
    postgres = startServer('postgres', { DATABASE_URL: db.url, CATALOG_CACHE_TTL_MS: String(SHORT_SNAPSHOT_MS), DB_TIMEOUT_MS: '10000' });
  } else if (process.env.CI === 'true') {
    throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432, and CI=true requires the PostgreSQL run.');
  } else {
    console.warn('[http] PostgreSQL not reachable: the PostgreSQL run is skipped (it is required when CI=true).');
  }

  const pgliteServer = await embedded;
  servers.push(pgliteServer);
  targets.push({ name: 'pglite', port: pgliteServer.port });
  if (postgres) {
    const pgServer = await postgres;
    servers.push(pgServer);
    targets.push({ name: 'postgres', port: pgServer.port, databaseUrl });
  }
  project.provide('targets', targets);

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const c of cleanups) await c();
  };
}
