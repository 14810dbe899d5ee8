// Graceful stop of the production server on SIGTERM (and SIGINT). The public listener
// stops accepting at once; the requests in flight finish, each on a connection that
// closes after its answer. The app's handlers still at work (a request whose client left goes
// on until its handler ends) are waited for as well. Then what the app registered
// (catalog database, Redis, trace export) is closed and the process exits. Past the
// bound, remaining connections are cut and the rest is closed regardless.
import { Server as NetServer } from 'node:net';

const HOOKS = Symbol.for('event-catalog.shutdown-hooks');

/** A keep-alive connection idle this long at shutdown is closed; a busy one closes after its answer. */
const IDLE_GRACE_MS = 500;

function track(server, state) {
  const sockets = new Set();
  server.on('connection', (socket) => {
    socket.busy = 0;
    socket.idleSince = Date.now();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Every response of a stopping server closes its connection, so no client sends again
  // on a connection that is about to go away.
  server.on('request', (req, res) => {
    if (state.stopping) res.setHeader('Connection', 'close');
    const socket = req.socket;
    socket.busy++;
    // 'finish', not 'close': the request log listens to 'close' already, and a response
    // that never finishes ends with its socket, which leaves the set.
    res.once('finish', () => {
      socket.busy--;
      socket.idleSince = Date.now();
    });
  });
  return { sockets, inFlight: () => [...sockets].reduce((n, s) => n + s.busy, 0) };
}

function drain(server, tracked) {
  // net.Server#close stops accepting; http.Server#close would also close every idle
  // keep-alive connection at once, racing a client that is sending its next request.
  const closed = new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const sweep = setInterval(() => {
    const now = Date.now();
    // Closed outright, not half-closed: a request a client sends on it from now on is never
    // read, so it is never half done; the client sees the connection reset and sends it
    // again on a new one (RFC 9112, 9.3.1).
    for (const socket of tracked.sockets) if (socket.busy === 0 && now - socket.idleSince >= IDLE_GRACE_MS) socket.destroy();
  }, 50);
  return closed.finally(() => clearInterval(sweep));
}

/**
 * The app's handlers at work. `run(res, start)` starts a handler (`start()` returns its
 * promise) and counts it until it ends its response or its promise settles, whichever
 * comes first: a handler whose client left goes on until it ends its (unsent) answer,
 * while Next's promise for a request whose client left may never settle at all, though
 * its handler is done. `settled()` waits for those at work.
 */
export function handlerWork() {
  const running = new Set();
  return {
    run(res, start) {
      let release;
      const done = new Promise((resolve) => (release = resolve));
      running.add(done);
      void done.then(() => running.delete(done));
      const end = res.end;
      res.end = function (...args) {
        release();
        return end.apply(this, args);
      };
      const promise = start();
      Promise.resolve(promise).then(release, release);
      return promise;
    },
    count: () => running.size,
    settled: () => Promise.all(running),
  };
}

/**
 * `servers` close in order, each after the one before has drained; then the `handlers`
 * still at work (a `handlerWork()`) are waited for; `after` close last. One bound covers it all.
 */
export function gracefulShutdown(servers, { timeoutMs, logger, after = [], handlers }) {
  const state = { stopping: false };
  const tracked = servers.map((s) => [s, track(s, state)]);
  const inFlight = () => tracked.reduce((n, [, t]) => n + t.inFlight(), 0);

  const stop = async (signal) => {
    if (state.stopping) return;
    state.stopping = true;
    logger.info({ signal, in_flight: inFlight() }, 'shutting down');
    const drained = (async () => {
      for (const [server, t] of tracked) await drain(server, t);
      // A handler whose client has gone still runs: the catalog stays open until it ends.
      if (handlers && handlers.count() > 0) {
        logger.info({ handlers: handlers.count() }, 'waiting for handlers whose clients left');
        await handlers.settled();
      }
      return 'drained';
    })();
    let timer;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')));
    const outcome = await Promise.race([drained, bound]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      logger.warn({ in_flight: inFlight(), handlers: handlers?.count() ?? 0 }, 'shutdown bound reached: closing the remaining connections');
      for (const [, t] of tracked) for (const socket of t.sockets) socket.destroy();
    }
    for (const s of after) s.close();
    for (const [name, close] of globalThis[HOOKS] ?? []) {
      try {
        await close();
      } catch (error) {
        logger.error({ err: error, step: name }, 'shutdown step failed');
      }
    }
    logger.info({ outcome }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
