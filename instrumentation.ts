// Next calls register() once when the server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startTracing } = await import('./lib/observability/otel');
  startTracing();
}
