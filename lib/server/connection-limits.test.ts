import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { connectionSettings, limitConnections, openFileLimit, REFUSAL, serverOptions } from './connection-limits.mjs';

const limitsText = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax processes             63704                63704                processes \nMax open files            ${soft}                1048576              files     \nMax locked memory         8388608              8388608              bytes     \n`;
const unreadable = () => {
  throw new Error('ENOENT');
};

describe('openFileLimit', () => {
  test('reads the soft limit of /proc/self/limits', () => {
    expect(openFileLimit(() => limitsText('20000'))).toBe(20_000);
    expect(openFileLimit(() => limitsText('unlimited'))).toBe(Infinity);
  });

  test('is undefined where the file cannot be read or says nothing of open files', () => {
    expect(openFileLimit(unreadable)).toBeUndefined();
    expect(openFileLimit(() => 'Max processes 10 10 processes\n')).toBeUndefined();
  });

  test('reads this process on Linux', () => {
    if (process.platform !== 'linux') return;
    expect(openFileLimit()).toBeGreaterThan(0);
  });
});

describe('connectionSettings', () => {
  test('derives the limits from the open-file limit, with room for the server\'s own files', () => {
    expect(connectionSettings({}, () => limitsText('20000'))).toEqual({ openFiles: 20_000, filesLeft: 4_936, maxConnections: 15_000, maxPerAddress: 256, headersTimeoutMs: 20_000, requestTimeoutMs: 60_000 });
    expect(connectionSettings({}, () => limitsText('1024'))).toMatchObject({ maxConnections: 768, maxPerAddress: 48 });
    // At least 256 descriptors stay for the server, and an address may always open 8.
    expect(connectionSettings({}, () => limitsText('400'))).toMatchObject({ maxConnections: 144, maxPerAddress: 9 });
    expect(connectionSettings({}, () => limitsText('300'))).toMatchObject({ maxConnections: 44, maxPerAddress: 8 });
    expect(connectionSettings({}, () => limitsText('unlimited'))).toMatchObject({ maxConnections: 16_384, maxPerAddress: 256 });
  });

  test('assumes 1024 open files where the limit cannot be read', () => {
    expect(connectionSettings({}, unreadable)).toMatchObject({ openFiles: undefined, maxConnections: 768, maxPerAddress: 48 });
  });

  test('what the environment sets wins, and the per-address default follows the total set', () => {
    const env = { MAX_CONNECTIONS: '800', HEADERS_TIMEOUT_MS: ' 5000 ', REQUEST_TIMEOUT_MS: '7000' };
    expect(connectionSettings(env, () => limitsText('20000'))).toMatchObject({ maxConnections: 800, maxPerAddress: 50, headersTimeoutMs: 5_000, requestTimeoutMs: 7_000 });
    expect(connectionSettings({ MAX_CONNECTIONS_PER_ADDRESS: '3' }, () => limitsText('20000'))).toMatchObject({ maxConnections: 15_000, maxPerAddress: 3 });
    // A long header bound carries the request bound with it.
    expect(connectionSettings({ HEADERS_TIMEOUT_MS: '90000' }, unreadable)).toMatchObject({ headersTimeoutMs: 90_000, requestTimeoutMs: 90_000 });
    expect(connectionSettings({ MAX_CONNECTIONS: '' }, unreadable)).toMatchObject({ maxConnections: 768, filesLeft: undefined });
    // Set close to the open-file limit, it leaves the server little room (server.mjs warns below MIN_RESERVED_FILES).
    expect(connectionSettings({ MAX_CONNECTIONS: '19900' }, () => limitsText('20000'))).toMatchObject({ maxConnections: 19_900, filesLeft: 36 });
  });

  test('refuses values that are not whole numbers above 0, and a request bound below the header bound', () => {
    for (const value of ['0', '-1', '1.5', 'many', '1e3']) {
      expect(() => connectionSettings({ MAX_CONNECTIONS_PER_ADDRESS: value }, unreadable), value).toThrow(/MAX_CONNECTIONS_PER_ADDRESS must be a whole number above 0/);
    }
    expect(() => connectionSettings({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' }, unreadable)).toThrow(/REQUEST_TIMEOUT_MS \(4000\) must not be below HEADERS_TIMEOUT_MS \(5000\)/);
  });
});

describe('serverOptions', () => {
  test('checks the bounds at least every second, and four times within a short header bound', () => {
    expect(serverOptions({ headersTimeoutMs: 20_000, requestTimeoutMs: 60_000 })).toEqual({ headersTimeout: 20_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 });
    expect(serverOptions({ headersTimeoutMs: 2_000, requestTimeoutMs: 4_000 })).toMatchObject({ connectionsCheckingInterval: 500 });
  });
});

type Client = { socket: Socket; received: () => string; closed: Promise<unknown> };

describe('limitConnections', () => {
  let server: Server;
  let port: number;
  const clients: Socket[] = [];
  /** Responses to /hold wait until released. */
  let held: ServerResponse[] = [];
  const events: string[] = [];
  const warnings: object[] = [];

  async function start(options: { maxConnections: number; maxPerAddress: number; exempt?: string[] }) {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/hold') held.push(res);
      else res.end('ok');
    });
    const limited = limitConnections(server, {
      ...options,
      logger: { warn: (fields) => warnings.push(fields) },
      onRefuse: (reason) => events.push(`refused:${reason}`),
      onShed: () => events.push('shed'),
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    return limited;
  }

  /** A connection from `from`; resolves once the server has admitted or refused it. */
  async function dial(from: string): Promise<Client> {
    const seen = once(server, 'connection');
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    clients.push(socket);
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', () => {});
    const closed = once(socket, 'close');
    await seen;
    return { socket, received: () => text, closed };
  }

  /** One keep-alive GET on the client's connection; resolves when the server has finished the answer and the client has it. */
  async function get(client: Client, path = '/'): Promise<void> {
    const finished = new Promise<void>((resolve) => server.once('request', (_req, res: ServerResponse) => res.once('finish', resolve)));
    const before = client.received().length;
    client.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await finished;
    while (!client.received().slice(before).endsWith('\r\n\r\nok')) await once(client.socket, 'data');
  }

  afterEach(async () => {
    for (const s of clients) s.destroy();
    clients.length = 0;
    for (const res of held) res.destroy();
    held = [];
    events.length = 0;
    warnings.length = 0;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('an address past its limit is refused with a 503 and closed; other addresses are not', async () => {
    const limited = await start({ maxConnections: 10, maxPerAddress: 2 });
    const first = await dial('127.58.0.1');
    await dial('127.58.0.1');
    const third = await dial('127.58.0.1');
    await third.closed;
    expect(third.received()).toBe(REFUSAL);
    expect(third.received()).toMatch(/^HTTP\/1\.1 503 .*\r\n[^]*Retry-After: 5\r\n[^]*Connection: close\r\n/);
    const other = await dial('127.58.0.2');
    await get(other);
    await get(first);
    expect(limited.open()).toBe(3);
    expect(events).toEqual(['refused:address']);
    expect(warnings).toEqual([expect.objectContaining({ refused_address: 1, max_per_address: 2 })]);
  });

  test('a refused connection\'s request never reaches the app', async () => {
    let requests = 0;
    await start({ maxConnections: 10, maxPerAddress: 1 });
    server.on('request', () => requests++);
    await dial('127.58.0.1');
    const seen = once(server, 'connection');
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.58.0.1' });
    clients.push(socket);
    socket.on('error', () => {});
    let text = '';
    socket.on('data', (d) => (text += d));
    // Sent at once, before any answer: it is read and dropped.
    socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    await seen;
    await once(socket, 'close');
    expect(text).toBe(REFUSAL);
    expect(requests).toBe(0);
  });

  test('a trusted proxy has no per-address limit', async () => {
    const limited = await start({ maxConnections: 10, maxPerAddress: 1, exempt: ['127.58.3.1'] });
    for (let i = 0; i < 3; i++) await get(await dial('127.58.3.1'));
    expect(limited.open()).toBe(3);
    expect(events).toEqual([]);
  });

  test('at the total, a new connection takes the place of the oldest that sent no whole request, then of the one idle longest', async () => {
    const limited = await start({ maxConnections: 3, maxPerAddress: 10 });
    const keptAlive = await dial('127.58.1.1');
    await get(keptAlive);
    const silent1 = await dial('127.58.1.2');
    const silent2 = await dial('127.58.1.3');
    // silent1 is older than silent2; the idle keep-alive connection is older than both.
    const d = await dial('127.58.1.4');
    await silent1.closed;
    expect(silent1.received()).toBe('');
    const e = await dial('127.58.1.5');
    await silent2.closed;
    expect(keptAlive.socket.destroyed).toBe(false);
    // d and e have sent nothing yet: they go before the idle keep-alive connection does.
    await get(e);
    const f = await dial('127.58.1.6');
    await d.closed;
    await get(keptAlive);
    // Now keptAlive, e and f: e has been idle longest (keptAlive answered since), so it makes room.
    await get(f);
    const g = await dial('127.58.1.7');
    await e.closed;
    await get(g);
    await get(keptAlive);
    expect(limited.open()).toBe(3);
    expect(events).toEqual(['shed', 'shed', 'shed', 'shed']);
  });

  test('a connection whose request is in the app is never cut: when all are busy, the new one is refused', async () => {
    const limited = await start({ maxConnections: 2, maxPerAddress: 10 });
    const a = await dial('127.58.2.1');
    const b = await dial('127.58.2.2');
    const inApp = new Promise<void>((resolve) => {
      let n = 0;
      server.on('request', () => ++n === 2 && resolve());
    });
    a.socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    b.socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    await inApp;
    const c = await dial('127.58.2.3');
    await c.closed;
    expect(c.received()).toBe(REFUSAL);
    expect(events).toEqual(['refused:total']);
    for (const res of held) res.end('ok');
    held = [];
    for (const client of [a, b]) while (!client.received().endsWith('\r\n\r\nok')) await once(client.socket, 'data');
    expect(limited.open()).toBe(2);
    // Answered, they are idle: the next connection takes the place of the one idle longest.
    await dial('127.58.2.4');
    expect(events).toEqual(['refused:total', 'shed']);
  });

  test('needs a new http.Server', () => {
    const plain = createServer();
    plain.on('connection', () => {});
    expect(() => limitConnections(plain, { maxConnections: 1, maxPerAddress: 1 })).toThrow(/new http\.Server/);
    server = createServer();
  });
});
