import { config } from '@/lib/config';
import { apiNotFound } from '@/lib/http/not-found';

// GET /api/floor: the benchmark's framework floor, a handler that does no work.
// It exists only when BENCH_FLOOR is on; otherwise it is the ordinary 404 problem.
export function GET(request: Request): Response {
  if (!config().benchFloor) return apiNotFound(request);
  return new Response('ok', { headers: { 'Content-Type': 'text/plain' } });
}
