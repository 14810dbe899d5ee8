import { processShared } from '../process-shared';
import type { Db } from './types';

export type Preparation = (db: Db) => Promise<void>;

// What runs once on the process's catalog after its migrations and before its first
// query: set by whoever starts the application (lib/startup), read when the catalog
// opens. A module of its own, so that setting it loads nothing of the database layer.
const slot = processShared('catalog-preparation', () => ({ prepare: undefined as Preparation | undefined }));

export function prepareWith(prepare: Preparation): void {
  slot.prepare = prepare;
}

export function preparation(): Preparation | undefined {
  return slot.prepare;
}
