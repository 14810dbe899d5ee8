import { describe, expect, test } from 'vitest';
import { PEER_HEADER } from './client-address';
import { addressKey, budgetFor } from './edge';

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

describe('budgetFor', () => {
  test('calendar files spend the render budget, whatever they are asked for as', () => {
    for (const path of ['/calendario.ics', '/eventos-em/recife/calendario.ics', '/categoria/teatro/calendario.ics', '/produtores/x/calendario.ics', '/eventos/x/agenda.ics']) {
      expect(budgetFor(path, 'text/calendar'), path).toBe('render');
      expect(budgetFor(path, null), path).toBe('render');
    }
  });

  test("the filter sheet's count reads a listing: it spends the render budget", () => {
    expect(budgetFor('/busca.json', 'application/json')).toBe('render');
    expect(budgetFor('/busca.js', null)).toBeNull();
  });

  test("an event's preview picture, drawn for each request, spends the render budget too", () => {
    expect(budgetFor('/eventos/show-1/previa.png', 'image/*')).toBe('render');
    expect(budgetFor('/eventos/show-1/previa.png', null)).toBe('render');
    expect(budgetFor('/media/events/show-1/banner.svg', null)).toBeNull();
  });

  test('the other surfaces keep their budgets; HTML pages spend theirs only when rendered (lib/edge/pages.ts)', () => {
    expect(budgetFor('/api/public/v1/events', null)).toBe('api');
    // The organizers' suggestions read the catalog for each thing typed: the API's budget.
    expect(budgetFor('/produtores.json', 'application/json')).toBe('api');
    expect(budgetFor('/produtores.js', null)).toBeNull();
    expect(budgetFor('/api/public/v1/health', null)).toBeNull();
    expect(budgetFor('/mcp', null)).toBe('tools');
    expect(budgetFor('/a2a', null)).toBe('tools');
    expect(budgetFor('/eventos/x', 'text/markdown')).toBe('markdown');
    expect(budgetFor('/eventos/x', 'text/html')).toBeNull();
    expect(budgetFor('/sitemap.xml', null)).toBeNull();
  });
});
