import { CatalogError, CatalogUnavailableError } from '../catalog/errors';
import { ApiError, type ProblemCode } from './problem';

export type DomainProblem = { code: ProblemCode; detail?: string; headers: Record<string, string> };

/**
 * The one mapping from what the layers below answer to a problem: the catalog's errors
 * and an unavailable database, and the HTTP layer's own ApiError. Anything else is a
 * bug (undefined): the caller logs it and answers 500 without details.
 */
export function domainProblem(err: unknown): DomainProblem | undefined {
  if (err instanceof ApiError) return { code: err.code, detail: err.detail, headers: err.headers };
  if (err instanceof CatalogError) return { code: err.reason, detail: err.message, headers: {} };
  if (err instanceof CatalogUnavailableError) {
    return { code: 'upstream_unavailable', detail: 'The catalog database is unavailable. Try again shortly.', headers: { 'Retry-After': '2' } };
  }
  return undefined;
}
