import { brandOrDefault } from '@/lib/brand/registry';
import { refuseMethod } from '@/lib/http/methods';

// GET /favicon.ico: browsers ask for it before they read a page's icon link (and the
// personal pages' metadata, streamed, comes after their first bytes): the brand's mark
// at /favicon.svg, on its own site. The proxy does not see this path (proxy.ts's
// matcher), so other methods get here the 405 the proxy gives every other page.
export function GET(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  return new Response(null, { status: 308, headers: { Location: new URL('/favicon.svg', brand.site_url).toString(), 'Cache-Control': 'public, max-age=86400' } });
}

const refuse = (request: Request): Response => refuseMethod(brandOrDefault(request.headers.get('host')), '/favicon.ico', request.method)!;
export { refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE, refuse as OPTIONS };
