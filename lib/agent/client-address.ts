import { isIP } from 'node:net';
import { PEER_HEADER } from '../server/markers.mjs';

/** Set by server.mjs from the socket; any copy sent by a client is dropped there first. */
export { PEER_HEADER };

const bare = (addr: string) => addr.trim().replace(/^::ffff:/, '');

/**
 * The client's address: the socket peer, or, when that peer is a configured trusted
 * proxy, the nearest X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientAddress(headers: Headers, trusted: readonly string[]): string {
  const peer = bare(headers.get(PEER_HEADER) ?? '') || 'unknown';
  if (!trusted.includes(peer)) return peer;
  const chain = (headers.get('x-forwarded-for') ?? '').split(',').map(bare).filter((a) => isIP(a) !== 0);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!trusted.includes(chain[i]!)) return chain[i]!;
  }
  return peer;
}
