// Next bundles each route on its own (route handlers, pages, the proxy), and each bundle
// has its own copy of a module's variables. State that must exist once per process (the
// catalog connection, the snapshot cache, the rate limiters) lives on globalThis instead,
// under one registry keyed by name.
const REGISTRY = Symbol.for('event-catalog.process-shared');
type WithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, unknown> };

/** The process's one instance of a named piece of state, made on first use. */
export function processShared<T>(name: string, create: () => T): T {
  const g = globalThis as WithRegistry;
  const registry = (g[REGISTRY] ??= new Map<string, unknown>());
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
