// Opens the catalog when the server starts, so the first request does not wait for it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./lib/config');
  if (config().isBuildPhase) return;
  const { warmDb } = await import('./lib/db');
  warmDb();
}
