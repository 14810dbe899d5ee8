import { describe, expect, test } from 'vitest';
import { demoRegistry } from './registry';
import { normalizeHost, resolveBrand } from './resolve';
import { registrySchema } from './schema';

const registry = demoRegistry(3000);

describe('normalizeHost', () => {
  test.each([
    ['aurora.localhost:3000', 'aurora.localhost'],
    ['AURORA.LocalHost', 'aurora.localhost'],
    ['mare.localhost.', 'mare.localhost'],
    ['mare.localhost.:80', 'mare.localhost'],
    ['[::1]:3000', '::1'],
    ['[::1]', '::1'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['[::1', '::1'], // unclosed bracket: still no port or bracket left over
    ['LOCALHOST.', 'localhost'],
    ['aurora.localhost..', 'aurora.localhost'],
    ['  127.0.0.1:8080 ', '127.0.0.1'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});

describe('resolveBrand', () => {
  test.each([
    ['aurora.localhost:3000', 'aurora', true],
    ['MARE.LOCALHOST', 'mare', true],
    ['sertao.localhost:1234', 'sertao', true],
    ['localhost:3000', 'aurora', true],
    ['127.0.0.1', 'aurora', true],
    ['[::1]:3000', 'aurora', true],
    ['aurora.localhost.:3000', 'aurora', true],
    ['localhost.', 'aurora', true],
    ['[::1]', 'aurora', true],
    ['127.0.0.1:3000', 'aurora', true],
    ['evil.example', 'aurora', false],
    // A subdomain of a brand host is not that brand: the id must match exactly.
    ['x.mare.localhost', 'aurora', false],
    ['mare.localhost.evil.example:3000', 'aurora', false],
    ['127.0.0.2', 'aurora', false],
    ['aurora.localhost.evil.example', 'aurora', false],
    ['nope.localhost', 'aurora', false],
    ['', 'aurora', false],
  ])('%s → %s (known: %s)', (host, id, known) => {
    const r = resolveBrand(registry, host);
    expect(r.brand?.id).toBe(id);
    expect(r.known).toBe(known);
  });

  test('strict hosts give no brand for an unknown host, and keep known ones', () => {
    expect(resolveBrand(registry, 'evil.example', true)).toEqual({ brand: null, known: false });
    expect(resolveBrand(registry, 'mare.localhost', true).brand?.id).toBe('mare');
    expect(resolveBrand(registry, 'localhost', true).brand?.id).toBe('aurora');
    // Loopback names are known hosts, so strict mode still answers them as the default brand.
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000']) {
      expect(resolveBrand(registry, host, true)).toEqual({ brand: expect.objectContaining({ id: 'aurora' }), known: true });
    }
    expect(resolveBrand(registry, null, true)).toEqual({ brand: null, known: false });
  });

  test('the default brand is the one the registry names, not the first listed', () => {
    const reordered = registrySchema.parse({ ...registry, default: 'sertao' });
    expect(resolveBrand(reordered, 'localhost').brand?.id).toBe('sertao');
    expect(resolveBrand(reordered, 'unknown.example')).toEqual({ brand: expect.objectContaining({ id: 'sertao' }), known: false });
  });

  test('hosts listed in the registry win over the <id>.localhost convention', () => {
    const custom = registrySchema.parse({
      default: 'aa',
      brands: [
        { ...registry.brands[0]!, id: 'aa', hosts: ['tickets.example.com'] },
        { ...registry.brands[1]!, id: 'bb', hosts: ['bb.example.com', 'aa.localhost'] },
      ],
    });
    expect(resolveBrand(custom, 'TICKETS.example.com:443').brand?.id).toBe('aa');
    expect(resolveBrand(custom, 'aa.localhost').brand?.id).toBe('bb');
  });
});

describe('registrySchema', () => {
  const brand = registry.brands[0]!;
  test.each([
    ['a duplicate id', { default: 'aurora', brands: [brand, { ...brand, hosts: ['other.localhost'] }] }, /duplicate brand id/],
    ['a host owned twice', { default: 'aurora', brands: [brand, { ...brand, id: 'other' }] }, /belongs to two brands/],
    ['an unknown default', { default: 'ghost', brands: [brand] }, /not registered/],
    ['a site URL that is not http(s)', { default: 'aurora', brands: [{ ...brand, site_url: 'ftp://x' }] }, /./],
    ['a host owned twice in different case', { default: 'aurora', brands: [brand, { ...brand, id: 'other', hosts: ['AURORA.LOCALHOST'] }] }, /belongs to two brands/],
    ['a brand without hosts', { default: 'aurora', brands: [{ ...brand, hosts: [] }] }, /./],
    ['no brands at all', { default: 'aurora', brands: [] }, /./],
    ['a host with a port', { default: 'aurora', brands: [{ ...brand, hosts: ['aurora.localhost:3000'] }] }, /host name/],
  ])('refuses %s', (_, input, message) => {
    const r = registrySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join(' ')).toMatch(message);
  });

  test('host names are stored lowercased and site URLs without a trailing slash', () => {
    const r = registrySchema.parse({ default: 'aurora', brands: [{ ...brand, hosts: ['Tickets.Example.COM'], site_url: 'https://tickets.example.com/' }] });
    expect(r.brands[0]!.hosts).toEqual(['tickets.example.com']);
    expect(r.brands[0]!.site_url).toBe('https://tickets.example.com');
    expect(resolveBrand(r, 'TICKETS.EXAMPLE.COM:443')).toMatchObject({ brand: { id: 'aurora' }, known: true });
  });

  test('the demo registry has three distinct brands with site URLs on their own host and port', () => {
    expect(registry.brands.map((b) => b.site_url)).toEqual([
      'http://aurora.localhost:3000',
      'http://mare.localhost:3000',
      'http://sertao.localhost:3000',
    ]);
    expect(new Set(registry.brands.map((b) => b.theme.primary)).size).toBe(3);
  });
});
