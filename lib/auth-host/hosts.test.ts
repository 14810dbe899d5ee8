import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { registrySchema } from '../brand/schema';
import { brandForOrigin, brandsOfAuthHost, isAuthHostIn } from './hosts';

const demo = demoRegistry(3000);
const production = registrySchema.parse({
  default: 'alfa',
  brands: [
    { id: 'alfa', name: 'A', hosts: ['www.a.example'], site_url: 'https://www.a.example', auth_url: 'https://auth.a.example', theme: { primary: '#000000', accent: '#000000', background: '#ffffff', tagline: 'a' } },
    { id: 'beta', name: 'B', hosts: ['b.example'], site_url: 'https://b.example', auth_url: 'https://login.b.example', theme: { primary: '#000000', accent: '#000000', background: '#ffffff', tagline: 'b' } },
  ],
});

describe('authentication hosts', () => {
  test('the demo brands share auth.localhost', () => {
    expect(new Set(demo.brands.map((b) => b.auth_url))).toEqual(new Set(['http://auth.localhost:3000']));
    expect(isAuthHostIn(demo, 'auth.localhost:3000')).toBe(true);
    expect(isAuthHostIn(demo, 'AUTH.localhost.')).toBe(true);
    for (const host of ['aurora.localhost:3000', 'localhost', '127.0.0.1', '', null, 'auth.aurora.localhost', 'evil.example']) {
      expect(isAuthHostIn(demo, host)).toBe(false);
    }
    expect(brandsOfAuthHost(demo, 'auth.localhost:3000').map((b) => b.id)).toEqual(['aurora', 'mare', 'sertao']);
  });

  test('X-Origin names one brand of the host, exactly', () => {
    expect(brandForOrigin(demo, 'auth.localhost:3000', 'http://mare.localhost:3000')?.id).toBe('mare');
    expect(brandForOrigin(demo, 'auth.localhost:3000', 'http://mare.localhost:3000/')?.id).toBe('mare');
    for (const origin of [null, '', 'http://mare.localhost', 'https://mare.localhost:3000', 'http://evil.example', 'mare']) {
      expect(brandForOrigin(demo, 'auth.localhost:3000', origin)).toBeNull();
    }
  });

  test('a registry with one authentication host per brand: each host serves only its brand', () => {
    expect(isAuthHostIn(production, 'auth.a.example')).toBe(true);
    expect(isAuthHostIn(production, 'www.a.example')).toBe(false);
    expect(brandForOrigin(production, 'auth.a.example', 'https://www.a.example')?.id).toBe('alfa');
    expect(brandForOrigin(production, 'auth.a.example', 'https://b.example')).toBeNull();
    expect(brandForOrigin(production, 'login.b.example', 'https://b.example')?.id).toBe('beta');
  });
});
