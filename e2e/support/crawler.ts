import { Agent, request as httpRequest } from 'node:http';
import { request } from './client';

// A crawler that never asks the same thing twice: every request is a URL (or a tool call)
// the server has not answered before, over every kind of request the server takes, on the
// three demo brands and the authentication host; one in sixteen hangs up halfway.

const BRANDS = ['aurora', 'mare', 'sertao'];
const WORDS = ['forro', 'jazz', 'teatro', 'rock', 'samba', 'festival', 'stand up', 'show'];
const CITIES = ['Recife', 'São Paulo', 'Salvador', 'Belo Horizonte'];

type Step = {
  kind: string;
  path: string;
  host: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Hang up: before the answer ('request') or after its first bytes ('response'). */
  abandon?: 'request' | 'response';
};

export type CrawlContext = { port: number; slugs: Record<string, string[]> };

/** The slugs each brand lists, for detail and event-page requests. */
export async function crawlContext(port: number): Promise<CrawlContext> {
  const slugs: Record<string, string[]> = {};
  for (const brand of BRANDS) {
    const reply = await request(port, '/api/public/v1/events?per_page=50', { host: `${brand}.localhost:${port}` });
    slugs[brand] = (reply.json() as { data: Array<{ slug: string }> }).data.map((e) => e.slug);
  }
  return { port, slugs };
}

const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const MARKDOWN = { accept: 'text/markdown' };
const KINDS = 16;

/** The request number `i` of a crawl: its kind is `i` modulo the number of kinds. */
export function crawlStep(ctx: CrawlContext, i: number): Step {
  const brand = BRANDS[i % BRANDS.length]!;
  const host = `${brand}.localhost:${ctx.port}`;
  const site = `http://${host}`;
  const auth = `auth.localhost:${ctx.port}`;
  const u = `c${i.toString(36)}`;
  // The round of the kinds: alternatives within a kind take turns from one round to the next.
  const round = Math.floor(i / KINDS);
  const word = WORDS[Math.floor(i / 3) % WORDS.length]!;
  const q = encodeURIComponent(`${word} ${u}`);
  const slugs = ctx.slugs[brand]!;
  const slug = slugs[Math.floor(i / 7) % slugs.length]!;
  const steps: Array<() => Step> = [
    () => ({ kind: 'api search', path: `/api/public/v1/events?q=${q}`, host }),
    () => ({ kind: 'api filters', path: `/api/public/v1/events?state=sp&page=${(i % 5) + 1}&per_page=${(i % 40) + 1}&q=${u}`, host }),
    () => ({ kind: 'api detail', path: `/api/public/v1/events/${slug}?v=${u}`, host }),
    () => ({ kind: 'api missing', path: `/api/public/v1/events/missing-${u}`, host }),
    () => ({ kind: 'listing page', path: `/?q=${q}`, host }),
    () => ({ kind: 'event page', path: `/eventos/${slug}?v=${u}`, host }),
    () => ({ kind: 'missing page', path: `/eventos/nada-${u}`, host }),
    () => ({ kind: 'unknown path', path: `/${u}/nada`, host }),
    () => ({ kind: 'markdown listing', path: `/?q=${q}`, host, headers: MARKDOWN }),
    () => ({ kind: 'markdown event', path: `/eventos/${slug}?v=${u}`, host, headers: MARKDOWN }),
    // `_rsc` is the hash of the router headers sent, empty for none (Next redirects any other value).
    () => ({ kind: 'client router', path: `/?q=${q}&_rsc`, host, headers: { rsc: '1' } }),
    () => ({ kind: 'mcp search', path: '/mcp', host, method: 'POST', headers: MCP_HEADERS, body: rpc('tools/call', { name: 'search_events', arguments: { q: `${word} ${u}`, per_page: (i % 10) + 1 } }) }),
    () => ({ kind: 'mcp event', path: '/mcp', host, method: 'POST', headers: MCP_HEADERS, body: rpc('tools/call', { name: round % 2 ? 'get_event' : 'get_event_page', arguments: { slug: round % 4 < 2 ? slug : `nada-${u}` } }) }),
    () => ({
      kind: 'a2a message',
      path: '/a2a',
      host,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: rpc('SendMessage', { message: { messageId: u, role: 'ROLE_USER', parts: [{ text: `${word} em ${CITIES[i % CITIES.length]} ${u}` }] } }),
    }),
    () =>
      round % 2
        ? { kind: 'auth token', path: '/auth/token', host: auth, method: 'POST', headers: { 'content-type': 'application/json', 'x-origin': site }, body: JSON.stringify({ email: `${u}@example.org`, password: `senha-${u}`, 'g-captcha-response': u }) }
        : { kind: 'auth challenge', path: round % 4 ? '/captcha/challenge' : `/problems/${u}`, host: auth, headers: { 'x-origin': site } },
    () => ({ kind: 'abandoned', path: round % 2 ? `/?q=${q}` : `/eventos/${slug}?v=${u}`, host, abandon: round % 4 < 2 ? 'response' : 'request', headers: round % 3 ? {} : MARKDOWN }),
  ];
  return steps[i % KINDS]!();
}

export type CrawlResult = { requests: number; abandoned: number; statuses: Record<string, number>; failures: string[] };

function send(port: number, step: Step, agent: Agent): Promise<number | 'abandoned'> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: step.host, ...step.headers };
    if (step.body !== undefined) headers['content-length'] = String(Buffer.byteLength(step.body));
    const req = httpRequest({ host: '127.0.0.1', port, path: step.path, method: step.method ?? 'GET', headers, agent: step.abandon ? false : agent }, (res) => {
      if (step.abandon === 'response') {
        res.once('data', () => {
          req.destroy();
          resolve('abandoned');
        });
        res.once('end', () => resolve(res.statusCode ?? 0));
        return;
      }
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    // Only a request with no answer at all reaches this; the slowest answered ones take seconds, even with the crawler's 8 in flight on a loaded machine.
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer in 60 s: ${step.kind} ${step.path}`)));
    req.on('error', (error) => (step.abandon ? resolve('abandoned') : reject(error)));
    if (step.body !== undefined) req.write(step.body);
    req.end();
    // Hang up 2 ms in: whether the answer began by then or not, either outcome is a request abandoned or answered, and both are counted.
    if (step.abandon === 'request') setTimeout(() => req.destroy(), 2);
  });
}

/** Requests `count` unique steps from `from` on, `concurrency` at a time. */
export async function crawl(ctx: CrawlContext, from: number, count: number, concurrency = 8): Promise<CrawlResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const result: CrawlResult = { requests: 0, abandoned: 0, statuses: {}, failures: [] };
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const step = crawlStep(ctx, next++);
      try {
        const status = await send(ctx.port, step, agent);
        result.requests++;
        if (status === 'abandoned') result.abandoned++;
        else {
          const key = `${step.kind} ${status}`;
          result.statuses[key] = (result.statuses[key] ?? 0) + 1;
          if (status >= 500) result.failures.push(`${step.kind} ${step.path}: ${status}`);
        }
      } catch (error) {
        result.failures.push(`${step.kind} ${step.path}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return result;
}
