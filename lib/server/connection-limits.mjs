// Bounds on the public listener's connections, so that no client, and no crowd of them,
// can hold every file descriptor of the process: every connection is one, and a process
// out of them cannot open a static file or a database connection (EMFILE, and pages
// answered 500).
// Plain JavaScript: server.mjs runs outside the Next bundles.
import { readFileSync } from 'node:fs';
import { addressGroup } from '../network.mjs';

/** The open-file limit assumed where /proc/self/limits cannot be read (Linux's usual soft limit). */
export const FALLBACK_OPEN_FILES = 1024;
/** Descriptors kept for the server's own files, at the least: static files, the database, logs. */
export const MIN_RESERVED_FILES = 256;
/** The derived total never passes this: each connection also costs memory, and past it a proxy in front should be spreading the load. */
export const MAX_DERIVED_CONNECTIONS = 16_384;
/** Refused connections that may be waiting for their 503 to be read; past it the next ones are closed outright. */
export const MAX_REFUSING = 64;
/** How long a refused connection may take to read its 503 before it is cut. */
export const REFUSAL_LINGER_MS = 1_000;
/** The most often the limits say in the log that they turned connections away. */
export const LOG_EVERY_MS = 60_000;

const REFUSAL_BODY = 'Service Unavailable: too many connections; try again shortly.\n';
/**
 * The answer to a connection over a limit, written before any request is read: a client
 * that waits for it learns when to come back; its request (if any) is read and dropped,
 * so that closing does not reset the connection under the answer.
 */
export const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: text/plain; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 5',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

const readLimits = () => readFileSync('/proc/self/limits', 'utf8');

/** The soft open-file limit of this process (Infinity for "unlimited"), or undefined where it cannot be read. */
export function openFileLimit(read = readLimits) {
  let text;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(text);
  if (!match) return undefined;
  return match[1] === 'unlimited' ? Infinity : Number(match[1]);
}

function whole(env, name, fallback) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number above 0 (got ${JSON.stringify(env[name])}).`);
  return Number(raw);
}

const clamp = (n, low, high) => Math.min(high, Math.max(low, n));

/**
 * The limits of the public listener: what the environment sets, else what the open-file
 * limit (read from `read()`, text like /proc/self/limits) allows. A quarter of the descriptors (at least MIN_RESERVED_FILES) stays for the
 * server's own files; an address (IPv6: a /64) may hold a sixteenth of the rest, between
 * 8 (a browser opens 6 per host) and 256.
 */
export function connectionSettings(env, read = readLimits) {
  const files = openFileLimit(read);
  const limit = files ?? FALLBACK_OPEN_FILES;
  const usable = limit === Infinity ? Infinity : limit - Math.max(MIN_RESERVED_FILES, Math.ceil(limit / 4));
  const maxConnections = whole(env, 'MAX_CONNECTIONS', clamp(usable, 16, MAX_DERIVED_CONNECTIONS));
  const maxPerAddress = whole(env, 'MAX_CONNECTIONS_PER_ADDRESS', clamp(Math.floor(maxConnections / 16), 8, 256));
  // Node's defaults (60 s for the headers, 300 s for the whole request) let a client that
  // sends a header now and then keep a connection for minutes; the largest body this app
  // reads is 64 KiB.
  const headersTimeoutMs = whole(env, 'HEADERS_TIMEOUT_MS', 20_000);
  const requestTimeoutMs = whole(env, 'REQUEST_TIMEOUT_MS', Math.max(60_000, headersTimeoutMs));
  if (requestTimeoutMs < headersTimeoutMs) throw new Error(`REQUEST_TIMEOUT_MS (${requestTimeoutMs}) must not be below HEADERS_TIMEOUT_MS (${headersTimeoutMs}).`);
  // What is left for the server's own files at the most connections (refusals included); a
  // MAX_CONNECTIONS set too close to the open-file limit brings EMFILE back.
  const filesLeft = files === undefined || files === Infinity ? undefined : files - maxConnections - MAX_REFUSING;
  return { openFiles: files, filesLeft, maxConnections, maxPerAddress, headersTimeoutMs, requestTimeoutMs };
}

/**
 * Options of http.createServer for these settings. Node checks the header and request
 * bounds every `connectionsCheckingInterval` (30 s by default, which would let a slow
 * client stay that long past them): here at most a second, and a quarter of the headers'
 * bound when that is shorter.
 */
export function serverOptions({ headersTimeoutMs, requestTimeoutMs }) {
  return { headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: clamp(Math.floor(headersTimeoutMs / 4), 50, 1_000) };
}

const bare = (address) => address.trim().replace(/^::ffff:/, '');

/**
 * Puts the limits on a new http.Server, before it listens. A new connection:
 * - from an address (IPv6: a /64) that holds `maxPerAddress` already: refused (a 503 and
 *   closed), unless it is one of `exempt` (the trusted proxies, whose connections carry
 *   every client's requests);
 * - when `maxConnections` are open: gets the place of the oldest connection that has not
 *   yet sent a whole request (a slow or silent client), else of the one idle longest
 *   between requests (a keep-alive client opens another when it needs one); a connection
 *   whose request is in the app is never cut. When every one is busy, it is refused.
 * Past MAX_REFUSING refusals waiting at once, a refused connection is closed without an
 * answer, and `server.maxConnections` drops any connection past both counts.
 * Returns `open()`, the number of connections it holds, for a gauge.
 */
export function limitConnections(server, { maxConnections, maxPerAddress, exempt = [], logger, onRefuse, onShed }) {
  // http.Server sets up HTTP on a connection in the listener its constructor adds; it is
  // moved behind the checks, so that a refused connection never gets a parser and no
  // request of it ever reaches the app.
  const listeners = server.listeners('connection');
  if (listeners.length !== 1) throw new Error('limitConnections needs a new http.Server, with its own connection listener only.');
  const setUpHttp = listeners[0];
  server.removeListener('connection', setUpHttp);

  const exempted = new Set(exempt.map(bare));
  const perGroup = new Map();
  // Insertion order is age: the first entry is the one to cut first.
  const waiting = new Map();
  const idle = new Map();
  const state = new WeakMap();
  let open = 0;
  let refusing = 0;
  const logged = { refused_address: 0, refused_total: 0, dropped: 0, shed: 0 };
  let lastLog = -Infinity;
  let logTimer;

  const flush = () => {
    logTimer = undefined;
    if (!Object.values(logged).some(Boolean)) return;
    lastLog = Date.now();
    logger?.warn({ ...logged, open, max_connections: maxConnections, max_per_address: maxPerAddress }, 'connection limits reached');
    for (const key of Object.keys(logged)) logged[key] = 0;
  };
  const note = (key) => {
    logged[key]++;
    if (logTimer) return;
    const wait = lastLog + LOG_EVERY_MS - Date.now();
    if (wait <= 0) flush();
    else logTimer = setTimeout(flush, wait).unref();
  };

  const release = (socket) => {
    const s = state.get(socket);
    if (!s || s.released) return;
    s.released = true;
    open--;
    waiting.delete(socket);
    idle.delete(socket);
    if (s.group !== undefined) {
      const n = perGroup.get(s.group) - 1;
      if (n) perGroup.set(s.group, n);
      else perGroup.delete(s.group);
    }
  };

  const refuse = (socket, reason) => {
    note(reason === 'address' ? 'refused_address' : 'refused_total');
    onRefuse?.(reason);
    socket.on('error', () => {});
    if (refusing >= MAX_REFUSING) return void socket.destroy();
    refusing++;
    const timer = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
    socket.once('close', () => {
      refusing--;
      clearTimeout(timer);
    });
    socket.once('end', () => socket.destroy());
    socket.end(REFUSAL);
    socket.resume();
  };

  const shedOne = () => {
    const [oldest] = waiting.size ? waiting.keys() : idle.keys();
    if (!oldest) return false;
    note('shed');
    onShed?.();
    release(oldest);
    oldest.destroy();
    return true;
  };

  server.on('drop', () => {
    note('dropped');
    onRefuse?.('overflow');
  });
  server.on('connection', (socket) => {
    const peer = bare(socket.remoteAddress ?? '') || 'unknown';
    const group = exempted.has(peer) ? undefined : addressGroup(peer);
    if (group !== undefined && (perGroup.get(group) ?? 0) >= maxPerAddress) return refuse(socket, 'address');
    if (open >= maxConnections && !shedOne()) return refuse(socket, 'total');
    open++;
    if (group !== undefined) perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
    state.set(socket, { group, busy: 0, released: false });
    waiting.set(socket, true);
    socket.once('close', () => release(socket));
    setUpHttp.call(server, socket);
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    const s = state.get(socket);
    if (!s || s.released) return;
    s.busy++;
    waiting.delete(socket);
    idle.delete(socket);
    // 'finish' or 'close', whichever comes: a response cut short ends with its socket.
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      s.busy--;
      if (s.busy === 0 && !s.released && !socket.destroyed) idle.set(socket, true);
    };
    res.once('finish', finished);
    res.once('close', finished);
  });
  // The backstop for what the counts above do not hold: refusals waiting for their answer.
  server.maxConnections = maxConnections + MAX_REFUSING;
  return { open: () => open };
}
