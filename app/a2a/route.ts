import { handleA2a } from '@/lib/a2a/handler';
import { brandOrDefault } from '@/lib/brand/registry';
import { CORS_HEADERS } from '@/lib/http/headers';
import { postOnlyMethods } from '@/lib/http/post-only';

// POST /a2a: the A2A JSON-RPC endpoint of the catalog agent.
export async function POST(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  const reply = await handleA2a(brand, request);
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...CORS_HEADERS },
  });
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = postOnlyMethods('The A2A endpoint takes JSON-RPC over POST.', 'Content-Type, A2A-Version, A2A-Extensions, X-Agent-Credential');
