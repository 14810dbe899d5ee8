import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { CredentialSchema } from '../agent/credential';
import type { Brand } from '../brand/schema';
import { API_FILTER_CODES } from '../catalog/filters';
import { EventDetailSchema, EventListSchema } from '../catalog/public-schema';
import { ListQueryDoc } from '../catalog/listing/query-params';
import { PROBLEMS, ProblemSchema, problemCodesMarkdown, type ProblemCode } from '../http/problem';
import { API_BASE_PATH } from '../http/service-desc';
import { API_VERSION } from '../version';
import { HealthSchema } from './health-schema';

export { API_BASE_PATH } from '../http/service-desc';

// Response headers, described once (components.headers) and referenced per response.
const str = { type: 'string' as const };
const HEADERS = {
  'Access-Control-Allow-Origin': { description: 'CORS is open: `*`.', required: true, schema: { type: 'string' as const, const: '*' } },
  'Cache-Control': { description: 'Catalog answers: `public, max-age=30, s-maxage=60, stale-while-revalidate=300`. Errors, health and credentials: `no-store`.', required: true, schema: str },
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match for a 304.', required: true, schema: str },
  RateLimit: { description: 'The budget spent by this request (IETF httpapi RateLimit header draft): `"api";r=<remaining>;t=<seconds to reset>`. On every answer of a rate-limited path.', schema: str },
  'RateLimit-Policy': { description: 'The budget that applies: `"api";q=<requests>;w=<window seconds>`.', schema: str },
  RateLimitRequired: { description: 'The budget spent: `"api";r=0;t=<seconds to reset>`.', required: true, schema: str },
  'RateLimit-PolicyRequired': { description: 'The budget that applies: `"api";q=<requests>;w=<window seconds>`.', required: true, schema: str },
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer' as const, minimum: 1 } },
  Deprecation: { description: 'When this API version is deprecated (RFC 9745): `@<epoch seconds>`. Only when configured.', schema: str },
  Sunset: { description: 'When this API version goes away (RFC 8594), an HTTP date. Only when configured.', schema: str },
  Allow: { description: 'The methods the resource answers.', required: true, schema: str },
  Link: {
    description:
      'RFC 8288 links. Always `<{base_url}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"` (RFC 8631), absolute on the brand\'s site URL, on successes and problems alike; with a configured deprecation also `rel="deprecation"`.',
    required: true,
    schema: str,
  },
} as const;
type HeaderName = keyof typeof HEADERS;
const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const headers = (...names: HeaderName[]) =>
  Object.fromEntries(names.map((n) => [n.replace(/Required$/, ''), ref(n)])) as Record<string, { $ref: string }>;

/** Every answer for a brand's host carries CORS, the link to this description and the deprecation headers (when configured). */
const COMMON: HeaderName[] = ['Access-Control-Allow-Origin', 'Cache-Control', 'Link', 'Deprecation', 'Sunset'];
/** An unknown host has no brand, so no description to link to. */
const UNBRANDED: HeaderName[] = COMMON.filter((n) => n !== 'Link');
/** Answers of rate-limited paths also say how much budget is left. */
const LIMITED: HeaderName[] = [...COMMON, 'RateLimit', 'RateLimit-Policy'];

const problem = (description: string, codes: ProblemCode[], names: HeaderName[] = LIMITED) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  headers: headers(...names),
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const methodNotAllowed = problem('Method not allowed; the Allow header lists the methods.', ['method_not_allowed'], [...COMMON, 'Allow']);
const misdirected = problem('Strict hosts are on and no brand owns the host called.', ['misdirected_request'], UNBRANDED);
const rateLimited = problem('Over the request budget; retry after Retry-After seconds.', ['rate_limited'], [...COMMON, 'Retry-After', 'RateLimitRequired', 'RateLimit-PolicyRequired']);
const internal = problem('Unexpected; nothing about it is disclosed.', ['internal_error']);
const upstream = problem('The catalog database is unavailable; retry after Retry-After seconds.', ['upstream_unavailable'], [...LIMITED, 'Retry-After']);
const catalogHeaders = headers(...LIMITED, 'ETag');
const notModified = { description: 'Not modified: the If-None-Match validator still matches.', headers: catalogHeaders };

/** The answers every operation of a rate-limited path can give besides its own. */
const everywhere = { '405': methodNotAllowed, '421': misdirected, '429': rateLimited, '500': internal };

function description(): string {
  return [
    'Read-only public catalog of events of one brand. The host you call selects the brand. No authentication.',
    'A response is a snapshot, never a reservation. To buy, send the person to the event `url`.',
    'Every answer, problems included, links back to this description: `Link: <…/openapi.json>; rel="service-desc"`.',
    '',
    problemCodesMarkdown(PROBLEMS),
  ].join('\n');
}

/** The OpenAPI 3.1 description of the brand's API, generated from the schemas that shape the responses. */
export function buildOpenApi(brand: Brand) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${brand.name} public event catalog`,
      version: API_VERSION,
      description: description(),
      license: { name: 'Proprietary', url: brand.site_url },
    },
    servers: [{ url: `${brand.site_url}${API_BASE_PATH}`, description: brand.name }],
    security: [],
    tags: [{ name: 'events', description: 'The event catalog' }, { name: 'agents', description: 'Agent identity' }, { name: 'service', description: 'Service state' }],
    components: { headers: HEADERS },
    paths: {
      '/events': {
        get: {
          operationId: 'listEvents',
          tags: ['events'],
          summary: 'List and search events',
          description:
            'Events of the brand that have not ended (an event without an end counts as ended 24 hours after its start). Without `q`: soonest first; with `q`: most relevant first; ties by start then id. Pages past offset 10,000 are empty. `date_from`, `date_to`, `near`, `radius_km`, `category` and `sort` are optional filters beyond the base contract; a value that cannot mean anything is a 400 problem. Prices stay out of the API: the filters by price and age rating are on the website, MCP and A2A.',
          requestParams: { query: ListQueryDoc },
          responses: {
            '200': { description: 'A page of events.', headers: catalogHeaders, content: { 'application/json': { schema: EventListSchema } } },
            '304': notModified,
            '400': problem('A filter cannot mean anything: an impossible date, a reversed range, bad coordinates, a radius out of range, an unknown category, an unknown sort or sort=distance without near.', API_FILTER_CODES),
            ...everywhere,
            '502': upstream,
          },
        },
      },
      '/events/{slug}': {
        get: {
          operationId: 'getEvent',
          tags: ['events'],
          summary: 'Detail of one event',
          requestParams: { path: z.object({ slug: z.string().meta({ description: 'Event slug, as in the list.' }) }) },
          responses: {
            '200': { description: 'The event.', headers: catalogHeaders, content: { 'application/json': { schema: EventDetailSchema } } },
            '304': notModified,
            '400': problem('The slug is missing or blank.', ['slug_missing']),
            '404': problem('No event of this brand has this slug (event_not_found), or the event with this slug was withdrawn from the catalog (event_withdrawn).', ['event_not_found', 'event_withdrawn']),
            ...everywhere,
            '502': upstream,
          },
        },
      },
      '/agent/identity': {
        post: {
          operationId: 'issueAnonymousAgentCredential',
          tags: ['agents'],
          summary: 'Issue an anonymous agent credential',
          description: 'The credential grants no access; it identifies the agent for telemetry and edge rate limits. The body is optional. Minting is limited per client address (see the 429).',
          requestBody: {
            required: false,
            content: { 'application/json': { schema: z.object({ type: z.enum(['anonymous']).optional() }) } },
          },
          responses: {
            '201': { description: 'A new credential.', headers: headers(...LIMITED), content: { 'application/json': { schema: CredentialSchema } } },
            '400': problem('The identity type is not supported, or the body is not a JSON object (malformed, or nested deeper than 32 levels).', ['unsupported_identity_type', 'invalid_body']),
            '413': problem('The body is over 16 KiB: refused whole, before any of it is read; the connection closes after this answer.', ['payload_too_large'], COMMON),
            ...everywhere,
          },
        },
      },
      '/health': {
        get: {
          operationId: 'getHealth',
          tags: ['service'],
          summary: 'Liveness of the public layer',
          description: 'Never rate-limited.',
          responses: {
            '200': { description: 'Alive.', headers: headers(...COMMON), content: { 'application/json': { schema: HealthSchema } } },
            '405': methodNotAllowed,
            '421': misdirected,
            '500': internal,
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['service'],
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1 description.', headers: catalogHeaders, content: { 'application/json': { schema: z.object({ openapi: z.string() }).loose() } } },
            '304': notModified,
            ...everywhere,
          },
        },
      },
    },
  });
}

const documents = new Map<string, ReturnType<typeof buildOpenApi>>();

export function openApiFor(brand: Brand) {
  let doc = documents.get(brand.id);
  if (!doc) {
    doc = buildOpenApi(brand);
    documents.set(brand.id, doc);
  }
  return doc;
}
