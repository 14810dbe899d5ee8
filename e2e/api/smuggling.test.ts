import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { startServer, type RunningServer } from '../support/server';

// One request, one answer. A body past its path's limit is refused whole (413, the
// connection closed after the answer); it is never cut short and passed on, so no rewrite
// (the authentication host's) and no page forwards a body shorter than its
// Content-Length, and no byte a client sends is ever read as part of another request.
// On every listen address: loopback literals are where the server's hop to itself used
// pooled keep-alive sockets that a truncated body could desynchronize.

type Answer = { status: number; headers: Record<string, string>; body: string };
type Step = string | Buffer | { pauseMs: number };

/** Every whole response on the connection, in order, once the server closes it or goes quiet. */
function parseAll(raw: Buffer): Answer[] {
  const answers: Answer[] = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const head = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1]);
    if (!Number.isInteger(status)) throw new Error(`not a response: ${JSON.stringify(rest.subarray(0, 120).toString('latin1'))}`);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    let body = rest.subarray(end + 4);
    let text: Buffer;
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = body.indexOf('\r\n');
        if (lineEnd < 0) return answers;
        const size = parseInt(body.subarray(0, lineEnd).toString('latin1'), 16);
        if (size === 0) {
          body = body.subarray(lineEnd + 4);
          break;
        }
        if (body.length < lineEnd + 2 + size + 2) return answers;
        parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
        body = body.subarray(lineEnd + 2 + size + 2);
      }
      text = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (body.length < length) return answers;
      text = body.subarray(0, length);
      body = body.subarray(length);
    }
    answers.push({ status, headers, body: text.toString('utf8') });
    rest = body;
  }
}

/** Writes the steps on one connection and reads until the server closes it (or 10 s of silence). */
function converse(address: string, port: number, steps: Step[]): Promise<{ answers: Answer[]; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: address, port });
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      try {
        resolve({ answers: parseAll(Buffer.concat(chunks)), closedByServer });
      } catch (err) {
        reject(err);
      }
    };
    const arm = () => {
      clearTimeout(quiet);
      // Every conversation here ends with the server closing (a 413, or Connection: close): silence only ends one that the server never closes, and 10 s of it is many times the slowest answer on a loaded machine.
      quiet = setTimeout(done, 10_000);
    };
    socket.on('data', (c) => {
      chunks.push(c);
      arm();
    });
    socket.on('end', () => {
      closedByServer = true;
      done();
    });
    // A reset while the client is still writing a refused body is a close by the server too.
    socket.on('error', () => {
      closedByServer = true;
      done();
    });
    socket.on('connect', async () => {
      for (const step of steps) {
        if (socket.destroyed) return;
        // A body sent slowly: a late timer only sends it more slowly, which the server waits for.
        if (typeof step === 'object' && 'pauseMs' in step) await new Promise((r) => setTimeout(r, step.pauseMs));
        else socket.write(step);
      }
      arm();
    });
  });
}

const head = (method: string, path: string, host: string, headers: Record<string, string | number> = {}) =>
  [`${method} ${path} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
const chunked = (body: string) => `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;

/** A JSON body of `size` bytes whose tail, past 16 KiB, is a whole request of its own. */
function craftedBody(size: number, smuggled: string): string {
  const prefix = '{"email":"a@example.org","password":"';
  const suffix = '"}';
  const room = size - prefix.length - suffix.length - smuggled.length;
  return prefix + 'x'.repeat(room) + smuggled + suffix;
}

const LISTEN = ['127.0.0.1', '::1', 'localhost', '0.0.0.0'] as const;

describe.each(LISTEN)('listening on %s', (listen) => {
  let server: RunningServer;
  let port: number;
  let address: string;
  const authHost = () => `auth.localhost:${port}`;
  const siteHost = () => `aurora.localhost:${port}`;

  beforeAll(async () => {
    server = await startServer(`smuggling-${listen}`, { HOST: listen, DEMO_EVENTS: '30' });
    port = server.port;
    address = server.address;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The routes that rewrite, each with an oversized body of its own kind. */
  const oversized = (): { name: string; host: string; path: string; headers: Record<string, string>; size: number }[] => [
    { name: 'auth host', host: authHost(), path: '/auth/token', headers: { 'Content-Type': 'application/json', 'X-Origin': `http://aurora.localhost:${port}` }, size: 17_000 },
    { name: 'Markdown page', host: siteHost(), path: '/', headers: { 'Content-Type': 'application/json', Accept: 'text/markdown' }, size: 17_000 },
    { name: 'page', host: siteHost(), path: '/', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, size: 17_000 },
    { name: 'A2A', host: siteHost(), path: '/a2a', headers: { 'Content-Type': 'application/json' }, size: 70_000 },
  ];

  const openapi = () => request(port, '/openapi.json', { address, host: authHost() });

  test('a body past its limit, announced or chunked, is refused whole: 413 problem, Connection: close, the socket closed', async () => {
    for (const route of oversized()) {
      for (const framing of ['length', 'chunked'] as const) {
        const body = 'x'.repeat(route.size);
        const steps =
          framing === 'length'
            ? [head('POST', route.path, route.host, { ...route.headers, 'Content-Length': route.size }) + body]
            : [head('POST', route.path, route.host, { ...route.headers, 'Transfer-Encoding': 'chunked' }) + chunked(body)];
        const { answers, closedByServer } = await converse(address, port, steps);
        const what = `${route.name}, ${framing}`;
        expect(answers.length, what).toBe(1);
        expect(answers[0]!.status, what).toBe(413);
        expect(answers[0]!.headers['content-type'], what).toBe('application/problem+json');
        expect(answers[0]!.headers.connection, what).toBe('close');
        expect((JSON.parse(answers[0]!.body) as { code: string }).code, what).toBe('payload_too_large');
        expect(closedByServer, what).toBe(true);
        // Another client is answered as if nothing had happened.
        const after = await openapi();
        expect(after.status, what).toBe(200);
        expect((after.json() as { openapi: string }).openapi, what).toMatch(/^3\./);
      }
    }
  });

  test('a smuggled request in the tail of an oversized body is never run, and answers no one', async () => {
    const smuggled = head('DELETE', '/auth/revoke', authHost(), { Authorization: 'Bearer smuggled', 'X-Origin': `http://aurora.localhost:${port}` });
    const body = craftedBody(17_000, smuggled);
    for (let round = 0; round < 3; round++) {
      const attack = converse(address, port, [
        head('POST', '/auth/token', authHost(), { 'Content-Type': 'application/json', 'X-Origin': `http://aurora.localhost:${port}`, 'Content-Length': Buffer.byteLength(body) }) + body,
        // Then a request of the attacker's own on the same connection, which must not be answered.
        head('GET', '/openapi.json', authHost()),
      ]);
      const others = await Promise.all(Array.from({ length: 4 }, () => openapi()));
      const { answers } = await attack;
      expect(answers.map((a) => a.status)).toEqual([413]);
      for (const other of others) {
        expect(other.status).toBe(200);
        expect((other.json() as { openapi: string }).openapi).toMatch(/^3\./);
      }
      // What comes next on fresh connections is each one's own answer.
      const next = await Promise.all([openapi(), request(port, '/auth/revoke', { method: 'DELETE', address, host: authHost(), headers: { 'x-origin': `http://aurora.localhost:${port}` } })]);
      expect(next[0].status).toBe(200);
      expect(next[1].status).toBe(401);
    }
  });

  test('interleaved: an oversized body sent slowly while other clients use every rewriting route', async () => {
    const body = 'x'.repeat(17_000);
    const slow = converse(address, port, [
      head('POST', '/auth/token', authHost(), { 'Content-Type': 'application/json', 'X-Origin': `http://aurora.localhost:${port}`, 'Content-Length': body.length }) + body.slice(0, 8_000),
      { pauseMs: 300 },
      body.slice(8_000, 16_000),
      { pauseMs: 300 },
      body.slice(16_000),
    ]);
    const markdown = () => request(port, '/', { address, host: siteHost(), headers: { accept: 'text/markdown' } });
    const page = () => request(port, '/', { address, host: siteHost() });
    for (let i = 0; i < 3; i++) {
      const [a, m, p] = await Promise.all([openapi(), markdown(), page()]);
      expect(a.status).toBe(200);
      expect((a.json() as { openapi: string }).openapi).toMatch(/^3\./);
      expect(m.status).toBe(200);
      expect(m.header('content-type')).toMatch(/^text\/markdown/);
      expect(p.status).toBe(200);
      expect(p.header('content-type')).toMatch(/^text\/html/);
    }
    const { answers } = await slow;
    expect(answers.map((a) => a.status)).toEqual([413]);
  });

  test('a body within its limit still reaches the route whole, over every rewrite', async () => {
    const within = JSON.stringify({ email: 'nobody@example.org', password: 'x'.repeat(15_000) });
    for (const framing of ['length', 'chunked'] as const) {
      const steps =
        framing === 'length'
          ? [head('POST', '/auth/token', authHost(), { 'Content-Type': 'application/json', 'X-Origin': `http://aurora.localhost:${port}`, 'Content-Length': Buffer.byteLength(within) }) + within]
          : [head('POST', '/auth/token', authHost(), { 'Content-Type': 'application/json', 'X-Origin': `http://aurora.localhost:${port}`, 'Transfer-Encoding': 'chunked' }) + chunked(within)];
      steps.push(head('GET', '/openapi.json', authHost(), { Connection: 'close' }));
      const { answers } = await converse(address, port, steps);
      // The route read the whole body: its answer is about the fields, not the framing.
      expect(answers.length, framing).toBe(2);
      expect(answers[0]!.status, framing).toBe(400);
      expect((JSON.parse(answers[0]!.body) as { code: string }).code, framing).not.toBe('invalid_body');
      expect(answers[1]!.status, framing).toBe(200);
    }
  });
});

describe('property: a first request on a connection never changes the answer to the second', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer('smuggling-property', { HOST: '127.0.0.1', DEMO_EVENTS: '30' });
    port = server.port;
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('any first request (size, framing, host, route), then a GET: the GET gets its own answer or none', async () => {
    const auth = `auth.localhost:${port}`;
    const site = `aurora.localhost:${port}`;
    const seconds = [
      { host: auth, path: '/openapi.json' },
      { host: site, path: '/llms.txt' },
      { host: site, path: '/api/public/v1/openapi.json' },
    ];
    const alone = new Map<string, Answer>();
    for (const s of seconds) {
      const { answers } = await converse('127.0.0.1', port, [head('GET', s.path, s.host, { Connection: 'close' })]);
      alone.set(s.path, answers[0]!);
    }
    const first = fc.record({
      host: fc.constantFrom(auth, site),
      path: fc.constantFrom('/auth/token', '/users', '/', '/buscar', '/a2a', '/mcp', '/api/public/v1/agent/identity', '/entrar/enviar'),
      accept: fc.constantFrom('text/markdown', 'application/json', '*/*'),
      size: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 16_000, max: 17_000 }), fc.integer({ min: 64 * 1024 - 200, max: 64 * 1024 + 2_000 })),
      framing: fc.constantFrom('length', 'chunked'),
      // Extra bytes after the body the head announces: the start of another request, or a whole one.
      tail: fc.constantFrom('', 'G', `DELETE /auth/revoke HTTP/1.1\r\nHost: ${auth}\r\nX-Origin: http://aurora.localhost:${port}\r\n\r\n`),
    });
    await fc.assert(
      fc.asyncProperty(first, fc.constantFrom(...seconds), async (f, second) => {
        const body = 'y'.repeat(f.size);
        const framed =
          f.framing === 'length'
            ? head('POST', f.path, f.host, { 'Content-Type': 'application/json', Accept: f.accept, 'X-Origin': `http://aurora.localhost:${port}`, 'Content-Length': f.size }) + body
            : head('POST', f.path, f.host, { 'Content-Type': 'application/json', Accept: f.accept, 'X-Origin': `http://aurora.localhost:${port}`, 'Transfer-Encoding': 'chunked' }) + (f.size ? chunked(body) : '0\r\n\r\n');
        const { answers } = await converse('127.0.0.1', port, [framed + f.tail, head('GET', second.path, second.host, { Connection: 'close' })]);
        expect(answers.length).toBeGreaterThanOrEqual(1);
        const firstAnswer = answers[0]!;
        if (firstAnswer.status === 413) {
          // Refused whole: the connection closed, nothing after it was read.
          expect(firstAnswer.headers.connection).toBe('close');
          expect(answers.length).toBe(1);
          return;
        }
        // A tail turns into requests of their own, each with an answer of its own; the GET's
        // answer is the last one, and it is the same as on a connection of its own.
        const last = answers.at(-1)!;
        if (f.tail === 'G') {
          // "G" + "GET ..." is one unknown method: a 400 and the connection closes.
          expect(last.status).toBe(400);
          return;
        }
        const expected = alone.get(second.path)!;
        expect(answers.length).toBe(f.tail ? 3 : 2);
        expect(last.status).toBe(expected.status);
        expect(last.body).toBe(expected.body);
      }),
      { numRuns: 60 },
    );
  });
});
