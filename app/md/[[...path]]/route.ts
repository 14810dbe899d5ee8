import { brandOrDefault } from '@/lib/brand/registry';
import { isSelfRequest, requestHost } from '@/lib/http/self-request';
import { markdownResponse } from '@/lib/markdown/cache';
import { markdownPage } from '@/lib/markdown/render';
import { apiNotFound } from '@/lib/http/not-found';

// GET /md/{path}: the Markdown of page /{path}, reached only through the proxy's
// negotiation (Accept: text/markdown), which adds the internal token.
export async function GET(request: Request, { params }: { params: Promise<{ path?: string[] }> }): Promise<Response> {
  if (!isSelfRequest(request.headers)) return apiNotFound(request);
  const host = requestHost(request.headers) ?? '';
  const brand = brandOrDefault(host);
  const { path = [] } = await params;
  const search = new URL(request.url).search;
  const page = await markdownPage(brand, `/${path.map(encodeURIComponent).join('/')}${search}`, host);
  return markdownResponse(page, request.method);
}
export const HEAD = GET;
