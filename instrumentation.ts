// Runs once when the server starts: prints the address of every brand's site, where
// its pages load complete (on localhost or 127.0.0.1 a page request is redirected there).
export async function register(): Promise<void> {
  // Next's own build-time constant (not configuration): the Edge bundle skips the registry.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logBrandSites } = await import('./lib/brand/announce');
  logBrandSites();
}
