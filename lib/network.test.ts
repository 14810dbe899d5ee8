import { describe, expect, test } from 'vitest';
import { addressGroup } from './network.mjs';

describe('addressGroup', () => {
  test('an IPv4 address is its own group', () => {
    expect(addressGroup('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressGroup('203.0.113.8')).not.toBe(addressGroup('203.0.113.7'));
  });

  test('IPv6 addresses group by /64, however they are written', () => {
    const group = addressGroup('2001:db8:1:2::1');
    for (const a of ['2001:db8:1:2::ffff', '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::1%eth0']) expect(addressGroup(a)).toBe(group);
    expect(group).toBe('net:2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('net:0:0:0:0::/64');
  });

  test('what is not an address is keyed as it is', () => {
    expect(addressGroup('unknown')).toBe('ip:unknown');
  });
});
