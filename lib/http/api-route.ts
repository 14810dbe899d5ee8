import type { Brand } from '../brand/schema';
import { brandForHost, defaultBrand } from '../brand/registry';
import { CATALOG_CACHE, CORS_HEADERS, NO_STORE, deprecationHeaders, etagMatches, strongEtag } from './headers';
import { domainProblem } from './domain-problem';
import { problemResponse, type ProblemCode } from './problem';
import { withServiceDesc } from './service-desc';
import { logError } from '../observability/log';

export type ApiContext = {
  request: Request;
  url: URL;
  brand: Brand;
  params: Record<string, string | string[] | undefined>;
};

export type ApiResult = {
  status?: number;
  body: unknown;
  /** `catalog`: cacheable snapshot with ETag; `none`: never stored. */
  cache: 'catalog' | 'none';
  headers?: Record<string, string>;
};

type Handler = (ctx: ApiContext) => Promise<ApiResult>;
type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type NextHandler = (request: Request, context: RouteContext) => Promise<Response>;

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof ALL_METHODS)[number];

function problem(brand: Brand | null, code: ProblemCode, detail?: string, headers: Record<string, string> = {}) {
  const site = (brand ?? defaultBrand()).site_url;
  const common = { ...CORS_HEADERS, ...deprecationHeaders(), ...headers };
  // With no brand (an unknown host) there is no site URL to point at.
  return problemResponse(site, code, detail, brand ? withServiceDesc(site, common) : common);
}

function toProblem(brand: Brand, err: unknown): Response {
  const known = domainProblem(err);
  if (known) return problem(brand, known.code, known.detail, known.headers);
  logError(err, { component: 'api' });
  return problem(brand, 'internal_error');
}

// Cached catalog answers are the same objects from request to request: serialize and
// hash each one once.
const serialized = new WeakMap<object, { body: string; etag: string }>();

function serialize(value: unknown): { body: string; etag: string } {
  const hit = typeof value === 'object' && value !== null ? serialized.get(value) : undefined;
  if (hit) return hit;
  const body = JSON.stringify(value);
  const entry = { body, etag: strongEtag(body) };
  if (typeof value === 'object' && value !== null) serialized.set(value, entry);
  return entry;
}

function respond(request: Request, brand: Brand, result: ApiResult, headOnly: boolean): Response {
  const { body, etag } = serialize(result.body);
  const headers: Record<string, string> = withServiceDesc(brand.site_url, {
    'Content-Type': 'application/json',
    'Cache-Control': result.cache === 'catalog' ? CATALOG_CACHE : NO_STORE,
    ...CORS_HEADERS,
    ...deprecationHeaders(),
    ...result.headers,
  });
  if (result.cache === 'catalog') {
    headers.ETag = etag;
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      delete headers['Content-Type'];
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(headOnly ? null : body, { status: result.status ?? 200, headers });
}

/**
 * Builds every method export of a public API route from the handlers it implements:
 * brand from Host, HEAD from GET, CORS preflight, 405 problems with Allow for the rest,
 * ETag and caching, and problem+json for every error.
 */
export function apiRoute(handlers: Partial<Record<'GET' | 'POST', Handler>>): Record<Method, NextHandler> {
  const allowed: string[] = [];
  if (handlers.GET) allowed.push('GET', 'HEAD');
  if (handlers.POST) allowed.push('POST');
  allowed.push('OPTIONS');
  const allow = allowed.join(', ');

  const run = (method: Method): NextHandler => async (request, context) => {
    const brand = brandForHost(request.headers.get('host'));
    if (!brand) return problem(null, 'misdirected_request', 'Call the host of the brand whose catalog you want.');
    if (method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: withServiceDesc(brand.site_url, {
          Allow: allow,
          ...CORS_HEADERS,
          'Access-Control-Allow-Methods': allow,
          'Access-Control-Allow-Headers': 'Content-Type, X-Agent-Credential, If-None-Match',
          'Access-Control-Max-Age': '86400',
        }),
      });
    }
    const handler = method === 'HEAD' ? handlers.GET : method === 'GET' || method === 'POST' ? handlers[method] : undefined;
    if (!handler) {
      return problem(brand, 'method_not_allowed', `${method} is not allowed here. Allowed: ${allow}.`, { Allow: allow });
    }
    try {
      const params = (await context?.params) ?? {};
      const result = await handler({ request, url: new URL(request.url), brand, params });
      return respond(request, brand, result, method === 'HEAD');
    } catch (err) {
      return toProblem(brand, err);
    }
  };

  return Object.fromEntries(ALL_METHODS.map((m) => [m, run(m)])) as Record<Method, NextHandler>;
}
