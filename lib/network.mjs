// Plain JavaScript: server.mjs counts connections by the same groups, outside the Next bundles.
import { isIP } from 'node:net';

/**
 * The network a client address stands for when counting its requests: the address itself
 * for IPv4, its /64 for IPv6 (one subscriber's share, which it can spread over 2^64
 * addresses). Every limit keyed on a client address keys on this.
 */
export function addressGroup(address) {
  if (isIP(address) !== 6) return `ip:${address}`;
  return `net:${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address) {
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const fill = address.includes('::') ? Array(Math.max(0, 8 - left.length - right.length)).fill('0') : [];
  return [...left, ...fill, ...right].map((h) => h.replace(/^0+(?=.)/, ''));
}
