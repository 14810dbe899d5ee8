import { z } from 'zod';
import { FILTER_PROBLEMS } from '../catalog/filters';

/** A table of stable problem codes, each with its status, title and explanation. */
export type ProblemTable = Record<string, { status: number; title: string; about: string }>;

// The one error model: every stable code with its status and title. Codes never change
// meaning; new cases get new codes. (The authentication host has a table of its own,
// lib/accounts/errors.ts, built into documents by the same functions.)
export const PROBLEMS = {
  slug_missing: { status: 400, title: 'Event slug missing', about: 'The event path has no slug, or only blanks.' },
  invalid_body: { status: 400, title: 'Invalid request body', about: 'The body is not a JSON object, or is malformed JSON.' },
  unsupported_identity_type: { status: 400, title: 'Identity type not supported', about: 'Only the identity type "anonymous" can be issued.' },
  // Each filter's own codes, declared with the filter (lib/catalog/filters).
  ...FILTER_PROBLEMS,
  not_found: { status: 404, title: 'Not found', about: 'No public API resource lives at this path.' },
  event_not_found: { status: 404, title: 'Event not found', about: 'No event of this brand has this slug.' },
  event_withdrawn: { status: 404, title: 'Event withdrawn', about: 'The event with this slug was withdrawn from the catalog by its organizer or ticketing system; it is no longer listed or sold here.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', about: 'The resource does not answer this HTTP method; see the Allow header.' },
  payload_too_large: { status: 413, title: 'Request body too large', about: 'The body is past the limit of its path (16 KiB; 64 KiB for /mcp and /a2a). It is refused whole and the connection closes.' },
  misdirected_request: { status: 421, title: 'Unknown host', about: 'This host is not one of the brands served here.' },
  rate_limited: { status: 429, title: 'Too many requests', about: 'The request budget is spent; retry after the time in Retry-After.' },
  internal_error: { status: 500, title: 'Internal error', about: 'An unexpected error. Nothing about it is disclosed.' },
  upstream_unavailable: { status: 502, title: 'Catalog unavailable', about: 'The catalog database did not answer in time. Retry shortly.' },
} as const satisfies ProblemTable;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

export const ProblemSchema = z
  .strictObject({
    type: z.url().meta({ description: 'A page that explains this code.' }),
    title: z.string(),
    status: z.int().min(400).max(599),
    code: z.enum(PROBLEM_CODES).meta({ description: 'Stable machine-readable code.' }),
    detail: z.string().optional(),
    error: z.enum(PROBLEM_CODES).optional().meta({ description: 'Mirrors `code`, for clients of the earlier v1.' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export type Problem = z.infer<typeof ProblemSchema>;

/** An error that becomes a problem response with its code's status. */
export class ApiError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? PROBLEMS[code].title);
    this.name = 'ApiError';
  }
}

export function problemTypeUrl(siteUrl: string, code: string): string {
  return `${siteUrl}/problems/${code}`;
}

/** The RFC 9457 document of a code of `table`, its type a page under `baseUrl`. */
export function problemDocument<T extends ProblemTable, C extends keyof T & string>(table: T, baseUrl: string, code: C, detail?: string) {
  const p = table[code]!;
  return { type: problemTypeUrl(baseUrl, code), title: p.title, status: p.status, code, ...(detail ? { detail } : {}), error: code };
}

export function problemBody(siteUrl: string, code: ProblemCode, detail?: string): Problem {
  return problemDocument(PROBLEMS, siteUrl, code, detail);
}

/** The codes of a table as the Markdown the OpenAPI documents show in their description. */
export function problemCodesMarkdown(table: ProblemTable): string {
  const rows = Object.entries(table).map(([code, p]) => `| \`${code}\` | ${p.status} | ${p.about} |`);
  return ['Errors are `application/problem+json` (RFC 9457) with a stable `code`:', '', '| code | status | meaning |', '|---|---|---|', ...rows].join('\n');
}

export function problemResponse(
  siteUrl: string,
  code: ProblemCode,
  detail?: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(problemBody(siteUrl, code, detail)), {
    status: PROBLEMS[code].status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  });
}
