import { DbUnavailableError } from '../db/types';

// What the catalog answers instead of a result. The catalog knows nothing of HTTP: one
// place, lib/http/domain-problem, turns these into problems with their status.

export type CatalogErrorReason = 'slug_missing' | 'event_not_found' | 'event_withdrawn';

/** A request the catalog cannot answer with a result: no slug given, no such event, an event withdrawn. */
export class CatalogError extends Error {
  constructor(
    readonly reason: CatalogErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

/** The catalog's database did not answer in time, or cannot be reached. */
export const CatalogUnavailableError = DbUnavailableError;
export type CatalogUnavailableError = DbUnavailableError;
