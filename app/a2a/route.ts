import { handleA2a } from '@/lib/a2a/handler';
import { brandOrDefault } from '@/lib/brand/registry';
import { CORS_HEADERS } from '@/lib/http/headers';
import { problemResponse } from '@/lib/http/problem';

// POST /a2a: the A2A JSON-RPC endpoint of the catalog agent.
export async function POST(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  const reply = await handleA2a(brand, request);
  return new Response(JSON.stringify(reply), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...CORS_HEADERS },
  });
}

function methodNotAllowed(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  return problemResponse(brand.site_url, 'method_not_allowed', 'The A2A endpoint takes JSON-RPC over POST.', { ...CORS_HEADERS, Allow: 'POST, OPTIONS' });
}
export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;

export function OPTIONS(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      Allow: 'POST, OPTIONS',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, A2A-Version, A2A-Extensions, X-Agent-Credential',
      'Access-Control-Max-Age': '86400',
    },
  });
}
