import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startServer, type RunningServer } from '../support/server';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = 64;
const API = '/api/public/v1';

function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

// Mixed traffic from 64 connections for 30 s against one production server: no socket
// error, no status but the intended ones, and memory that levels off. The load generator
// shares the machine's cores with the server; where they contend for one core, a few of
// the 64 connections wait several seconds for an answer (none do with the server pinned
// to a core of its own). A request therefore may take as long as the run itself before it
// counts as lost; a reset or unanswered one is still an error.
describe('load', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer('load', {});
  });
  afterAll(() => server?.stop());

  test(`${SECONDS} s of mixed traffic at ${CONNECTIONS} connections`, { timeout: (SECONDS + 60) * 1000 }, async () => {
    const host = (b: string) => `${b}.localhost:${server.port}`;
    const first = (await request(server.port, `${API}/events?per_page=1`)).json() as { data: Array<{ slug: string }> };
    const slug = first.data[0]!.slug;
    const etag = (await request(server.port, `${API}/events/${slug}`)).header('etag')!;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: `${API}/events`, headers: { host: host('aurora') } },
      { method: 'GET', path: `${API}/events?q=${encodeURIComponent('são paulo')}`, headers: { host: host('mare') } },
      { method: 'GET', path: `${API}/events?city=recife&state=pe&page=2`, headers: { host: host('sertao') } },
      { method: 'GET', path: `${API}/events/${slug}`, headers: { host: host('aurora') } },
      { method: 'GET', path: `${API}/events/${slug}`, headers: { host: host('aurora'), 'if-none-match': etag } },
      { method: 'GET', path: `${API}/events/no-such-event`, headers: { host: host('mare') } },
      { method: 'POST', path: `${API}/agent/identity`, headers: { host: host('aurora') } },
      { method: 'GET', path: `${API}/health`, headers: { host: host('aurora') } },
      { method: 'GET', path: `${API}/events?per_page=50&page=3`, headers: { host: host('aurora') } },
    ];
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rss(server.pid)), 1000);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url: `http://127.0.0.1:${server.port}`, connections: CONNECTIONS, duration: SECONDS, timeout: SECONDS, requests }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
    }).finally(() => clearInterval(sampler));

    const statuses = Object.keys(result.statusCodeStats ?? {}).map(Number);
    expect(result.errors, 'socket errors').toBe(0);
    expect(result.timeouts, 'timeouts').toBe(0);
    expect(statuses.filter((s) => ![200, 201, 304, 404].includes(s)), JSON.stringify(result.statusCodeStats)).toEqual([]);
    for (const s of [200, 201, 304, 404]) expect(statuses, `status ${s} seen`).toContain(s);
    expect(result.requests.total).toBeGreaterThan(SECONDS * 50);

    // Bounded memory: the last third of the run grows little over the first third.
    const third = Math.max(1, Math.floor(samples.length / 3));
    const early = Math.max(...samples.slice(0, third));
    const late = Math.max(...samples.slice(-third));
    console.log(`[load] ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, RSS ${(early / 2 ** 20).toFixed(0)} → ${(late / 2 ** 20).toFixed(0)} MiB`);
    expect(late).toBeLessThan(early * 1.3);
    expect(late).toBeLessThan(2 * 2 ** 30);
  });
});
