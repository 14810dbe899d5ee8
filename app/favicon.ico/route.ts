import { brandOrDefault } from '@/lib/brand/registry';

// GET /favicon.ico: browsers ask for it before they read a page's icon link (and the
// personal pages' metadata, streamed, comes after their first bytes): the brand's mark
// at /favicon.svg, on its own site. Other methods get the proxy's 405, as every file.
export function GET(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  return new Response(null, { status: 308, headers: { Location: new URL('/favicon.svg', brand.site_url).toString(), 'Cache-Control': 'public, max-age=86400' } });
}

