import { refuseMethod } from '../http/methods';
import { ORIGINAL_METHOD_HEADER } from '../server/markers.mjs';
import type { Edge } from './context';

/** A 405 with Allow for a method the path does not answer (lib/http/methods holds the table). */
export function allowedMethod(edge: Edge): Response | undefined {
  const method = edge.request.headers.get(ORIGINAL_METHOD_HEADER) ?? edge.request.method;
  return refuseMethod(edge.brand, edge.pathname, method) ?? undefined;
}
