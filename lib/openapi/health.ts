import { catalogState } from '../catalog/listing/events';
import { config } from '../config';
import { API_VERSION } from '../version';
import type { Health } from './health-schema';

export async function getHealth(): Promise<Health> {
  const kind = config().databaseUrl ? 'postgres' : 'pglite';
  try {
    const state = await catalogState();
    return { status: 'ok', version: API_VERSION, database: { status: 'up', kind, access: state.read_only ? 'read-only' : 'read-write', catalog_version: state.version } };
  } catch {
    return { status: 'ok', version: API_VERSION, database: { status: 'down', kind, access: null, catalog_version: null } };
  }
}
