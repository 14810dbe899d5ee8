import type { Brand } from '../brand/schema';
import { brandOrDefault } from '../brand/registry';
import { CONTENT_SIGNAL, CORS_HEADERS, etagMatches, strongEtag } from '../http/headers';
import { domainProblem } from '../http/domain-problem';
import { problemResponse } from '../http/problem';

/** A document; `etag` gives it an ETag and answers a matching If-None-Match with 304. */
export type Doc = { body: string; type: string; status?: number; headers?: Record<string, string>; cache?: string; etag?: boolean };
type Build = (brand: Brand, request: Request, params: Record<string, string>) => Doc | null | Promise<Doc | null>;

const DOC_CACHE = 'public, max-age=300, s-maxage=300';

/**
 * GET and HEAD for a document that depends only on the brand (and maybe the catalog):
 * brand from Host, open CORS, short shared caching, 404 when the builder finds nothing.
 */
export function docRoute(build: Build) {
  const GET = async (request: Request, context?: { params?: Promise<Record<string, string>> }) => {
    const brand = brandOrDefault(request.headers.get('host'));
    try {
      const doc = await build(brand, request, (await context?.params) ?? {});
      if (!doc) return problemResponse(brand.site_url, 'not_found', 'No such document.', CORS_HEADERS);
      const headers: Record<string, string> = { 'Content-Type': doc.type, 'Cache-Control': doc.cache ?? DOC_CACHE, ...CORS_HEADERS, ...doc.headers };
      if (doc.etag) {
        headers.ETag = strongEtag(doc.body);
        if (etagMatches(request.headers.get('if-none-match'), headers.ETag)) return new Response(null, { status: 304, headers });
      }
      const body = request.method === 'HEAD' ? null : doc.body;
      // Markdown documents state the robots.txt preferences on the answer too.
      if (doc.type.startsWith('text/markdown')) headers['Content-Signal'] = CONTENT_SIGNAL;
      return new Response(body, { status: doc.status ?? 200, headers });
    } catch (err) {
      const known = domainProblem(err);
      if (!known) throw err;
      return problemResponse(brand.site_url, known.code, known.detail, { ...CORS_HEADERS, ...known.headers });
    }
  };
  return { GET, HEAD: GET };
}

export const json = (value: unknown, type = 'application/json'): Doc => ({ body: JSON.stringify(value, null, 2), type });
export const text = (body: string, type: string): Doc => ({ body, type });
