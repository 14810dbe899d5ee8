import { describe, expect, test } from 'vitest';
import { PEER_HEADER } from './client-address';
import { addressKey } from './edge';

const from = (peer: string) => new Headers({ [PEER_HEADER]: peer });

describe('addressKey', () => {
  test('an IPv4 address is its own key', () => {
    expect(addressKey(from('203.0.113.7'))).toBe('ip:203.0.113.7');
    expect(addressKey(from('::ffff:203.0.113.7'))).toBe('ip:203.0.113.7');
  });

  test('IPv6 addresses of one /64 share a key, whatever their spelling', () => {
    const key = addressKey(from('2001:db8:1:2::1'));
    expect(key).toBe('net:2001:db8:1:2::/64');
    for (const a of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:DB8:1:2::abcd']) expect(addressKey(from(a))).toBe(key);
    expect(addressKey(from('2001:db8:1:3::1'))).not.toBe(key);
    expect(addressKey(from('::1'))).toBe('net:0:0:0:0::/64');
  });
});
