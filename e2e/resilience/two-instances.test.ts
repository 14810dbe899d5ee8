import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations } from '../../lib/db/migrate';
import { request } from '../support/client';
import { createTestDatabase, postgresReachable, withClient } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

const available = await postgresReachable();
const API = '/api/public/v1';

// Stateless instances on one PostgreSQL: they start together on an empty catalog
// (one migrates and seeds, the other waits), and answer identically.
describe.skipIf(!available && process.env.CI !== 'true')('two app instances on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase('catalog_pair');
    url = db.url;
    drop = db.drop;
    const env = { DATABASE_URL: url, DEMO_EVENTS: '120', CATALOG_CACHE_TTL_MS: '0' };
    [a, b] = await Promise.all([startServer('a', env), startServer('b', env)]);

  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  test('one demo catalog, migrated once', async () => {
    await withClient(url, async (c) => {
      const events = await c.query('SELECT count(*)::int AS n FROM events');
      expect(events.rows[0].n, `${a.output()}\n${b.output()}`).toBe(120);
      const applied = await c.query('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.rows.map((r: { id: string }) => r.id)).toEqual(migrations.map((m) => m.id));
    });
  });

  test('both instances give the same answers for every brand', async () => {
    for (const brand of ['aurora', 'mare', 'sertao']) {
      for (const path of [`${API}/events?per_page=50`, `${API}/events?q=forro`, `${API}/events?state=sp`]) {
        const [ra, rb] = await Promise.all([a, b].map((s) => request(s.port, path, { host: `${brand}.localhost:4000` })));
        expect(ra!.status).toBe(200);
        // The Host port differs per instance only through the registry; here both use the same Host.
        expect(ra!.text.replaceAll(`:${a.port}/`, ':PORT/')).toBe(rb!.text.replaceAll(`:${b.port}/`, ':PORT/'));
      }
    }
  });
});
