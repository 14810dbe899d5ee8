import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../support/contract';
import { createTestDatabase, postgresReachable } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';
import { tcpSwitch } from '../support/tcp-switch';
import { API } from './targets';

const available = await postgresReachable();
const TIMEOUT_MS = 1_000;

// The catalog database goes away under a running server: every request gets a 502
// problem within a bounded time (no hang, no 500), and the server recovers by itself.
describe.skipIf(!available && process.env.CI !== 'true')('catalog database unavailable (PostgreSQL behind a switch)', () => {
  let server: RunningServer;
  let client: ContractClient;
  let relay: Awaited<ReturnType<typeof tcpSwitch>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase('catalog_fault');
    drop = db.drop;
    const url = new URL(db.url);
    relay = await tcpSwitch(Number(url.port || 5432), url.hostname);
    url.port = String(relay.port);
    server = await startServer('fault', { DATABASE_URL: url.toString(), DB_TIMEOUT_MS: String(TIMEOUT_MS), DEMO_EVENTS: '60', CATALOG_CACHE_TTL_MS: '0' });
    client = await ContractClient.connect(server.port);
  });
  afterAll(async () => {
    await server?.stop();
    await relay?.close();
    await drop?.();
  });

  const host = () => `aurora.localhost:${server.port}`;

  async function expect502(path: string) {
    const started = Date.now();
    const res = await client.call(`${API}${path}`, { host: host(), timeoutMs: 10_000 });
    const elapsed = Date.now() - started;
    expect(res.status, path).toBe(502);
    expect(res.header('content-type')).toBe('application/problem+json');
    expect((res.json() as { code: string }).code).toBe('upstream_unavailable');
    // Bounded by the configured timeout, with room for a loaded machine; a hang would take the full 10 s.
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 4);
  }

  test.each(['refuse', 'blackhole'] as const)('database %s: 502 problems, health still 200, then recovery', async (mode) => {
    expect((await client.call(`${API}/events?per_page=1`, { host: host() })).status).toBe(200);
    relay.set(mode);
    for (const path of ['/events', '/events?q=forro', '/events/some-event', '/events?page=2']) await expect502(path);
    const health = await client.call(`${API}/health`, { host: host(), timeoutMs: 10_000 });
    expect(health.status).toBe(200);
    expect((health.json() as { database: { status: string } }).database.status).toBe('down');
    // A page says so calmly, with 503.
    const page = await client.call('/', { host: host(), timeoutMs: 10_000 });
    expect(page.status).toBe(503);
    expect(page.text).toContain('Catálogo indisponível no momento');
    // Requests that need no database still answer.
    expect((await client.call(`${API}/agent/identity`, { method: 'POST', host: host() })).status).toBe(201);
    expect((await client.call(`${API}/openapi.json`, { host: host() })).status).toBe(200);

    relay.set('forward');
    let status = 0;
    // At least 40 × 250 ms (10 s) for the pool to reconnect, which takes one connection attempt; on a loaded machine each round also waits for an answer, so the wait only grows.
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await client.call(`${API}/events?per_page=1`, { host: host(), timeoutMs: 10_000 })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });

  test('a server that starts while the database is down comes up by itself', async () => {
    relay.set('refuse');
    const db = await createTestDatabase('catalog_late');
    const url = new URL(db.url);
    const late = await tcpSwitch(Number(url.port || 5432), url.hostname);
    late.set('refuse');
    url.port = String(late.port);
    const s = await startServer('late', { DATABASE_URL: url.toString(), DB_TIMEOUT_MS: String(TIMEOUT_MS), DEMO_EVENTS: '30', CATALOG_CACHE_TTL_MS: '0' }, { waitForDb: false });
    try {
      const lateClient = await ContractClient.connect(s.port);
      const down = await lateClient.call(`${API}/events`, { host: `aurora.localhost:${s.port}` });
      expect(down.status).toBe(502);
      late.set('forward');
      let status = 0;
      // At least 80 × 250 ms (20 s) for the late server to open, migrate and seed 30 events; on a loaded machine each round also waits for an answer, so the wait only grows.
      for (let i = 0; i < 80 && status !== 200; i++) {
        status = (await lateClient.call(`${API}/events?per_page=1`, { host: `aurora.localhost:${s.port}`, timeoutMs: 10_000 })).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    } finally {
      await s.stop();
      await late.close();
      await db.drop();
    }
    relay.set('forward');
  });
});
