import pino, { type Logger } from 'pino';
import { config } from '../config';

// The process's one logger: the production server makes it (server.mjs, with LOG_LEVEL)
// and publishes it on globalThis; elsewhere (tests, next dev) it is made here.
const LOGGER = Symbol.for('event-catalog.logger');

export function logger(): Logger {
  const g = globalThis as { [LOGGER]?: Logger };
  g[LOGGER] ??= pino({ level: config().logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  return g[LOGGER];
}

/** An unexpected error, logged once with its stack, on the server side only. */
export function logError(error: unknown, fields: Record<string, unknown> = {}, message = 'unexpected error'): void {
  logger().error({ err: error, ...fields }, message);
}
