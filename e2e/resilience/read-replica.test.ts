import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoRegistry } from '../../lib/brand/registry';
import { importLines } from '../../lib/catalog/import';
import { openPostgres } from '../../lib/db/postgres';
import { request } from '../support/client';
import { createTestDatabase, postgresReachable, withClient } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

const available = await postgresReachable();
const API = '/api/public/v1';
// A long window: a change shows sooner only because the import announces it (LISTEN/NOTIFY).
const WINDOW_MS = 120_000;

// An instance on the primary beside one on a read-only connection to the same database
// (what a streaming replica gives): the second starts without a write and serves every
// read, and a change made on the primary reaches both at once, long before the window ends.
describe.skipIf(!available && process.env.CI !== 'true')('an instance on a read-only connection beside one on the primary', () => {
  let primary: RunningServer;
  let replica: RunningServer;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase('catalog_replica');
    url = db.url;
    drop = db.drop;
    const env = { DEMO_EVENTS: '90', CATALOG_CACHE_TTL_MS: String(WINDOW_MS) };
    primary = await startServer('primary', { ...env, DATABASE_URL: url });
    const readOnly = `${url}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`;
    replica = await startServer('replica', { ...env, DATABASE_URL: readOnly });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([primary?.stop(), replica?.stop()]);
    await drop?.();
  });

  test('the replica instance serves the API and the pages, and its health says read-only', async () => {
    const health = await request(replica.port, `${API}/health`);
    expect(health.json(), replica.output()).toMatchObject({ status: 'ok', database: { status: 'up', access: 'read-only' } });
    expect((await request(primary.port, `${API}/health`)).json()).toMatchObject({ database: { status: 'up', access: 'read-write' } });
    const list = await request(replica.port, `${API}/events?per_page=5`);
    expect(list.status, replica.output()).toBe(200);
    const slug = (list.json() as { data: { slug: string }[] }).data[0]!.slug;
    expect((await request(replica.port, `${API}/events/${slug}`)).status).toBe(200);
    expect((await request(replica.port, '/')).status).toBe(200);
    expect((await request(replica.port, `/eventos/${slug}`)).status).toBe(200);
    expect((await request(replica.port, '/', { headers: { accept: 'text/markdown' } })).status).toBe(200);
  });

  test('a withdrawal on the primary leaves every surface of both instances within seconds, the window notwithstanding', async () => {
    const list = await request(primary.port, `${API}/events?per_page=5`);
    const slug = (list.json() as { data: { slug: string }[] }).data[0]!.slug;
    // Both instances hold the event in their current window.
    for (const s of [primary, replica]) expect((await request(s.port, `${API}/events/${slug}`)).status).toBe(200);

    const db = openPostgres(url, 30_000, 2);
    try {
      const brands = new Set(demoRegistry(3000).brands.map((b) => b.id));
      const report = await importLines(db, [JSON.stringify({ brand: 'aurora', slug, withdrawn: true })], brands);
      expect(report.withdrawn).toBe(1);
    } finally {
      await db.close();
    }
    // Announced at commit: each instance drops its snapshots within about a second.
    for (const s of [primary, replica]) {
      for (let i = 0; i < 50 && (await request(s.port, `${API}/events/${slug}`)).status !== 404; i++) await new Promise((r) => setTimeout(r, 100));
    }
    for (const s of [primary, replica]) {
      const detail = await request(s.port, `${API}/events/${slug}`);
      expect(detail.status, s.name).toBe(404);
      expect((detail.json() as { code: string }).code).toBe('event_withdrawn');
      expect((await request(s.port, `/eventos/${slug}`)).status).toBe(404);
      const pages = [`${API}/events?per_page=50`, '/sitemap.xml', '/llms.txt', '/calendario.ics', '/'];
      for (const path of pages) {
        const res = await request(s.port, path);
        expect(res.status, `${s.name} ${path}`).toBe(200);
        expect(res.text, `${s.name} ${path}`).not.toContain(`/eventos/${slug}`);
      }
    }
    await withClient(url, async (c) => {
      const gone = await c.query('SELECT count(*)::int AS n FROM search_postings p JOIN event_withdrawals w ON true WHERE w.slug = $1 AND p.event_id NOT IN (SELECT id FROM events)', [slug]);
      expect(gone.rows[0].n).toBe(0);
    });
  });
});
