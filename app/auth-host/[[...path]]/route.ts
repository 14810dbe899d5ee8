import { AUTH_CLIENT_HEADER } from '@/lib/auth-host/edge';
import { handleAuthHost } from '@/lib/auth-host/router';
import { ORIGINAL_HOST_HEADER, isSelfRequest } from '@/lib/http/self-request';

// The authentication host (requests to an auth_url host, rewritten here by the proxy).
// Without the proxy's token, this path does not exist.
type Context = { params: Promise<{ path?: string[] }> };

async function handle(request: Request, context: Context): Promise<Response> {
  if (!isSelfRequest(request.headers)) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const { path = [] } = await context.params;
  const response = await handleAuthHost(request, `/${path.join('/')}`, request.headers.get(ORIGINAL_HOST_HEADER), request.headers.get(AUTH_CLIENT_HEADER) ?? 'unknown');
  if (request.method === 'HEAD') return new Response(null, { status: response.status, headers: response.headers });
  return response;
}

export const dynamic = 'force-dynamic';
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
