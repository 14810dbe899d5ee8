import { NextResponse, type NextRequest } from 'next/server';
import { isAuthHostPath, isAuthHostRewrite, rewriteToAuthHost } from '../auth-host/edge';
import { isAuthHost } from '../auth-host/hosts';

/**
 * The registry's authentication hosts are served by this application too (lib/auth-host):
 * their requests go to the internal route, the rewritten request passes, and that route
 * does not exist on a brand's site.
 */
export function authHostRoute(request: NextRequest): NextResponse | undefined {
  if (isAuthHostRewrite(request)) return NextResponse.next();
  if (isAuthHost(request.headers.get('host'))) return rewriteToAuthHost(request);
  if (isAuthHostPath(request.nextUrl.pathname)) {
    return new NextResponse('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  return undefined;
}
