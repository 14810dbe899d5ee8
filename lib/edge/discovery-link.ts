import { discoveryLinkHeader } from '../discovery/well-known';
import type { Edge } from './context';

/** The home page's Link header points agents at the discovery documents (RFC 8288, RFC 9727). */
export function discoveryLink(edge: Edge): undefined {
  if (edge.pathname === '/') edge.headers.Link = discoveryLinkHeader(edge.brand);
  return undefined;
}
