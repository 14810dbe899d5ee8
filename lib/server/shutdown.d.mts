import type { Server } from 'node:net';

/** The app's handlers at work, counted from their start until they end their response or their promise settles. */
export type HandlerWork = {
  run<T>(res: { end: (...args: never[]) => unknown }, start: () => T): T;
  count(): number;
  settled(): Promise<unknown>;
};
export declare function handlerWork(): HandlerWork;
export declare function gracefulShutdown(
  servers: Server[],
  options: { timeoutMs: number; logger: { info: (...a: unknown[]) => void; warn: (...a: unknown[]) => void; error: (...a: unknown[]) => void }; after?: Array<{ close(): void }>; handlers?: HandlerWork },
): void;
