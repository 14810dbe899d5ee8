// What must be closed when the process stops (the catalog connection, Redis). The
// production server (lib/server/shutdown.mjs) runs these after the last response; they
// live on globalThis because each Next bundle has its own copy of this module.
const HOOKS = Symbol.for('event-catalog.shutdown-hooks');

/** Registers (or replaces) a named step to run at shutdown. */
export function onShutdown(name: string, close: () => Promise<unknown>): void {
  const g = globalThis as { [HOOKS]?: Map<string, () => Promise<unknown>> };
  (g[HOOKS] ??= new Map()).set(name, close);
}
