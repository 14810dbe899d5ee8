// Next calls register() once when the server starts, before the first request: the
// configuration's check (an invalid one stops the process), tracing, then what fills the catalog when it opens (the brands' rows, the demo catalog),
// then the address of every brand's site, where its pages load complete (on localhost or
// 127.0.0.1 a page request is redirected there).
export async function register(): Promise<void> {
  // Next's own build-time constant (not configuration): the Edge bundle skips both.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { configOrExit } = await import('./lib/config');
  configOrExit();
  const { startTracing } = await import('./lib/observability/otel');
  startTracing();
  const { registerCatalogStartup } = await import('./lib/startup/register');
  registerCatalogStartup();
  const { logBrandSites } = await import('./lib/brand/announce');
  logBrandSites();
}
