import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { freePort, startServer, type RunningServer } from '../support/server';

// Small limits, so that a flood of a few hundred sockets shows what one of tens of
// thousands does: the server keeps answering others while slow connections pile up.
const MAX_CONNECTIONS = 40;
// The test's own clients (127.0.0.1) use up to 5 at once: a health check, a page and an API call, a kept-alive connection, a start-up check's.
const MAX_PER_ADDRESS = 8;
const HEADERS_TIMEOUT_MS = 3_000;
/** How long the slow clients keep sending header lines: ten times the header bound, the end of the flood, not a bound on the server. */
const FLOOD_MS = 10 * HEADERS_TIMEOUT_MS;
/** A header line every so often, as a slow client does to keep its request open. */
const TRICKLE_MS = 500;

type Slow = { from: string; openedAt?: number; closedAt?: number; data: string; error?: string; opened: Promise<void>; closed: Promise<void> };

/**
 * A client that sends a request line and then one header line every TRICKLE_MS, never
 * ending its head, from a loopback address of its own (Linux routes all of 127/8 to lo).
 */
function slowClient(port: number, from: string, until: number): Slow {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  let timer: NodeJS.Timeout | undefined;
  const slow: Slow = {
    from,
    data: '',
    opened: new Promise((resolve) => socket.once('connect', resolve).once('close', resolve)),
    closed: new Promise((resolve) => {
      socket.once('close', () => {
        slow.closedAt = Date.now();
        clearInterval(timer);
        resolve();
      });
    }),
  };
  socket.on('connect', () => {
    slow.openedAt = Date.now();
    socket.write(`GET /api/public/v1/health HTTP/1.1\r\nHost: aurora.localhost:${port}\r\n`);
    let n = 0;
    timer = setInterval(() => {
      // The end of the flood: the client gives up (a server without bounds holds it till then).
      if (Date.now() > until) return void socket.destroy();
      socket.write(`X-Slow-${n++}: 1\r\n`);
    }, TRICKLE_MS);
  });
  socket.on('data', (d: Buffer) => (slow.data += d.toString('latin1')));
  socket.on('error', (e: NodeJS.ErrnoException) => (slow.error ??= e.code ?? e.message));
  return slow;
}

type Outcome = { path: string; status?: number; error?: string; reused?: boolean };

/** One GET from 127.0.0.1 on the given agent (a fresh connection with `agent: false`); the outcome, never a throw. */
function get(port: number, path: string, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers: { host: `aurora.localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ path, status: res.statusCode, reused: req.reusedSocket }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ path, error: e.code ?? e.message, reused: req.reusedSocket }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ path, error: e.code ?? e.message, reused: req.reusedSocket }));
    req.end();
  });
}

/**
 * What ordinary clients get while the flood `flood()` opens is held: a health check, a
 * page and an API answer, each on a new connection, and requests on one kept-alive
 * connection (opened before the flood), one after another until the flood is over.
 */
async function othersDuring(port: number, flood: () => Slow[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const keptAlive: Outcome[] = [await get(port, '/api/public/v1/health', agent)];
  const slow = flood();
  await Promise.all(slow.map((s) => s.opened));
  const fresh = await Promise.all([get(port, '/api/public/v1/health', false), get(port, '/', false), get(port, '/api/public/v1/events?per_page=5', false)]);
  let done = false;
  void Promise.all(slow.map((s) => s.closed)).then(() => (done = true));
  while (!done) {
    keptAlive.push(await get(port, keptAlive.length % 2 ? '/api/public/v1/events?per_page=5' : '/api/public/v1/health', agent));
    // A pause between requests, not a bound: the connection sits idle between them, as a browser's does.
    await new Promise((r) => setTimeout(r, 200));
  }
  keptAlive.push(await get(port, '/', agent));
  agent.destroy();
  return { slow, fresh, keptAlive };
}

function expectServedOthers({ fresh, keptAlive }: { fresh: Outcome[]; keptAlive: Outcome[] }) {
  const [health, page, api] = fresh;
  expect(health, JSON.stringify(health)).toMatchObject({ status: 200 });
  expect([200, 429, 503], JSON.stringify(page)).toContain(page!.status);
  expect(api, JSON.stringify(api)).toMatchObject({ status: 200 });
  // The kept-alive connection served every request, the first alone on a new socket.
  const wrong = keptAlive.filter((o, i) => (i === keptAlive.length - 1 ? ![200, 429, 503].includes(o.status!) : o.status !== 200) || o.reused !== i > 0);
  expect(wrong, JSON.stringify(wrong)).toEqual([]);
  expect(keptAlive.length).toBeGreaterThan(3);
}

describe('a flood of slow connections', () => {
  let server: RunningServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer('connection-flood', {
      METRICS_PORT: String(metricsPort),
      DEMO_EVENTS: '60',
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      MAX_CONNECTIONS_PER_ADDRESS: String(MAX_PER_ADDRESS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(2 * HEADERS_TIMEOUT_MS),
    });
  });
  afterAll(() => server?.stop());

  /** The metrics of the server, by series as exposed (`name{labels}`); a missing counter is 0. */
  async function metrics() {
    const text = (await request(metricsPort, '/metrics')).text;
    return (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  }

  test('from one address: past its limit refused with a 503, the rest cut at the header bound; others served', { timeout: 120_000 }, async () => {
    const before = await metrics();
    const until = Date.now() + FLOOD_MS;
    const { slow, ...others } = await othersDuring(server.port, () => Array.from({ length: 5 * MAX_PER_ADDRESS }, () => slowClient(server.port, '127.57.0.1', until)));
    await Promise.all(slow.map((s) => s.closed));

    const refused = slow.filter((s) => s.data.startsWith('HTTP/1.1 503 '));
    const held = slow.filter((s) => !s.data.startsWith('HTTP/1.1 503 '));
    // Every connection was opened, and ended by the server, not by the client's giving up.
    expect(slow.filter((s) => s.openedAt === undefined)).toEqual([]);
    expect(slow.filter((s) => s.closedAt! >= until).map((s) => s.data), 'connections still held when the flood ended (what they had received)').toEqual([]);
    expect(refused.length).toBe(slow.length - MAX_PER_ADDRESS);
    for (const s of refused) expect(s.data).toMatch(/\r\nRetry-After: \d+\r\n[^]*\r\nConnection: close\r\n/);
    expect(held.length).toBe(MAX_PER_ADDRESS);
    for (const s of held) {
      expect(s.data).toMatch(/^HTTP\/1\.1 408 /);
      expect(s.closedAt! - s.openedAt!).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
    }
    expectServedOthers(others);
    expect(server.output()).toMatch(/"msg":"connection limits reached"/);
    expect(server.output()).not.toMatch(/EMFILE|"status":500/);
    const after = await metrics();
    const refusedSeries = 'http_server_connections_refused_total{reason="address"}';
    expect(after(refusedSeries) - before(refusedSeries)).toBe(refused.length);
  });

  test('from a crowd of addresses: past the total the oldest slow ones make room; others served', { timeout: 120_000 }, async () => {
    const before = await metrics();
    const until = Date.now() + FLOOD_MS;
    const addresses = Array.from({ length: 40 }, (_, i) => `127.57.1.${i + 1}`);
    // Three each, under the per-address limit: three times the total in all.
    const { slow, ...others } = await othersDuring(server.port, () => addresses.flatMap((from) => [0, 1, 2].map(() => slowClient(server.port, from, until))));
    await Promise.all(slow.map((s) => s.closed));

    expect(slow.filter((s) => s.openedAt === undefined)).toEqual([]);
    expect(slow.filter((s) => s.closedAt! >= until).map((s) => s.data), 'connections still held when the flood ended (what they had received)').toEqual([]);
    // At most MAX_CONNECTIONS held at once, all opened well within the header bound: the
    // rest were cut, without an answer, to make room for newer ones.
    const cut = slow.filter((s) => s.data === '');
    expect(cut.length).toBeGreaterThanOrEqual(slow.length - MAX_CONNECTIONS);
    for (const s of slow.filter((s) => s.data !== '')) {
      expect(s.data).toMatch(/^HTTP\/1\.1 408 /);
      expect(s.closedAt! - s.openedAt!).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
    }
    expectServedOthers(others);
    expect(server.output()).not.toMatch(/EMFILE|"status":500/);
    const after = await metrics();
    expect(after('http_server_connections_shed_total') - before('http_server_connections_shed_total')).toBeGreaterThanOrEqual(cut.length);
    // The flood is over: what may still be open is the test's own, from 127.0.0.1.
    expect(after('http_server_open_connections')).toBeLessThanOrEqual(MAX_PER_ADDRESS);
  });
});
