import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { CredentialSchema } from '../agent/credential';
import type { Brand } from '../brand/schema';
import { EventDetailSchema, EventListSchema } from '../catalog/public-schema';
import { ListQueryDoc } from '../catalog/query-params';
import { PROBLEMS, PROBLEM_CODES, ProblemSchema, type ProblemCode } from '../http/problem';
import { API_VERSION, HealthSchema } from './health-schema';

export const API_BASE_PATH = '/api/public/v1';

const problem = (description: string, codes: ProblemCode[]) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const methodNotAllowed = problem('Method not allowed; the Allow header lists the methods.', ['method_not_allowed']);
const rateLimited = problem('Over the request budget.', ['rate_limited']);
const cacheHeaders = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match for a 304.', schema: { type: 'string' as const } },
  'Cache-Control': { description: 'public, max-age=30, s-maxage=60, stale-while-revalidate=300', schema: { type: 'string' as const } },
};
const notModified = { description: 'Not modified: the If-None-Match validator still matches.' };

function description(): string {
  const codes = PROBLEM_CODES.map((c) => `| \`${c}\` | ${PROBLEMS[c].status} | ${PROBLEMS[c].about} |`).join('\n');
  return [
    'Read-only public catalog of events of one brand. The host you call selects the brand. No authentication.',
    'A response is a snapshot, never a reservation. To buy, send the person to the event `url`.',
    '',
    'Errors are `application/problem+json` (RFC 9457) with a stable `code`:',
    '',
    '| code | status | meaning |',
    '|---|---|---|',
    codes,
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
    paths: {
      '/events': {
        get: {
          operationId: 'listEvents',
          tags: ['events'],
          summary: 'List and search events',
          description:
            'Events of the brand that have not ended (an event without an end counts as ended 24 hours after its start). Without `q`: soonest first; with `q`: most relevant first; ties by start then id. Pages past offset 10,000 are empty. `date_from`, `date_to`, `near`, `radius_km` and `sort` are optional filters beyond the base contract; a value that cannot mean anything is a 400 problem.',
          requestParams: { query: ListQueryDoc },
          responses: {
            '200': { description: 'A page of events.', headers: cacheHeaders, content: { 'application/json': { schema: EventListSchema } } },
            '304': notModified,
            '400': problem('A filter cannot mean anything: an impossible date, a reversed range, bad coordinates, a radius out of range, an unknown sort or sort=distance without near.', [
              'invalid_date',
              'invalid_date_range',
              'invalid_near',
              'invalid_radius',
              'invalid_sort',
            ]),
            '405': methodNotAllowed,
            '429': rateLimited,
            '502': problem('The catalog database is unavailable.', ['upstream_unavailable']),
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
            '200': { description: 'The event.', headers: cacheHeaders, content: { 'application/json': { schema: EventDetailSchema } } },
            '304': notModified,
            '400': problem('The slug is missing or blank.', ['slug_missing']),
            '404': problem('No event of this brand has this slug.', ['event_not_found']),
            '405': methodNotAllowed,
            '429': rateLimited,
            '502': problem('The catalog database is unavailable.', ['upstream_unavailable']),
          },
        },
      },
      '/agent/identity': {
        post: {
          operationId: 'issueAnonymousAgentCredential',
          tags: ['agents'],
          summary: 'Issue an anonymous agent credential',
          description: 'The credential grants no access; it identifies the agent for telemetry and edge rate limits. The body is optional.',
          requestBody: {
            required: false,
            content: { 'application/json': { schema: z.object({ type: z.enum(['anonymous']).optional() }) } },
          },
          responses: {
            '201': { description: 'A new credential.', content: { 'application/json': { schema: CredentialSchema } } },
            '400': problem('The identity type is not supported, or the body is not a JSON object.', ['unsupported_identity_type', 'invalid_body']),
            '405': methodNotAllowed,
            '429': rateLimited,
          },
        },
      },
      '/health': {
        get: {
          operationId: 'getHealth',
          tags: ['service'],
          summary: 'Liveness of the public layer',
          responses: {
            '200': { description: 'Alive.', content: { 'application/json': { schema: HealthSchema } } },
            '405': methodNotAllowed,
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['service'],
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1 description.', headers: cacheHeaders, content: { 'application/json': { schema: z.object({ openapi: z.string() }).loose() } } },
            '304': notModified,
            '405': methodNotAllowed,
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
