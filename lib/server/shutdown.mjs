// Graceful stop of the production server on SIGTERM (and SIGINT): stop accepting, let the
// requests in flight finish (each on a connection that closes after its answer), then
// close what the app registered (catalog database, Redis, trace export) and exit. Past
// the bound, the remaining connections are cut.
const HOOKS = Symbol.for('event-catalog.shutdown-hooks');

export function gracefulShutdown(server, { timeoutMs, logger, extraServers = [] }) {
  const active = new Set();
  let stopping = false;

  // Every response of a stopping server closes its connection, so no client sends on a
  // keep-alive connection that is about to go away.
  server.on('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    active.add(res);
    res.once('close', () => active.delete(res));
  });

  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, in_flight: active.size }, 'shutting down');
    for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
    for (const s of extraServers) s.close();
    const closed = new Promise((resolve) => server.close(resolve));
    // Connections that become idle after their last answer are closed as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const bound = new Promise((resolve) => setTimeout(resolve, timeoutMs, 'timeout').unref());
    const outcome = await Promise.race([closed.then(() => 'drained'), bound]);
    clearInterval(sweep);
    if (outcome === 'timeout') {
      logger.warn({ in_flight: active.size }, 'shutdown bound reached: closing the remaining connections');
      server.closeAllConnections();
    }
    for (const [name, close] of globalThis[HOOKS] ?? []) {
      try {
        await close();
      } catch (error) {
        logger.error({ err: error, step: name }, 'shutdown step failed');
      }
    }
    logger.info({ outcome }, 'stopped');
    logger.flush?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
