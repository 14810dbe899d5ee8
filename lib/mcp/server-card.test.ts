import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { aiCatalog } from '../discovery/ai-catalog';
import { listedTools } from './listed-tools';
import { legacyServerCard, serverCard, serverDescription } from './server-card';

const brands = demoRegistry(3000).brands;

describe('MCP server cards', () => {
  test.each(brands.map((b) => [b.id, b] as const))('%s: reverse-DNS name, a description of at most 100 characters, URLs from the brand', (_id, brand) => {
    const card = serverCard(brand);
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card.remotes[0]!.url).toBe(`${brand.site_url}/mcp`);
    expect(card).not.toHaveProperty('tools');
  });

  test('a brand name too long for the description gives way to a general one', () => {
    const brand = { ...brands[0]!, name: 'A'.repeat(90) };
    expect(serverDescription(brand)).toBe('Read-only search of public events, with ticket prices including fees.');
    expect(serverDescription(brands[0]!)).toContain(brands[0]!.name);
    expect(serverCard(brand)).not.toHaveProperty('title');
    expect(serverCard(brands[0]!).title).toBe(`${brands[0]!.name} event catalog`);
  });

  test("the name is the brand host's, reversed, whatever the port", () => {
    expect(serverCard({ ...brands[0]!, site_url: 'https://www.ingressos.example:8443' }).name).toBe('example.ingressos.www/event-catalog');
  });

  test('the earlier card lists the tools as a 2025-11-25 tools/list does; 2025-03-26 has no titles nor output schemas', () => {
    const brand = brands[0]!;
    expect(legacyServerCard(brand).tools).toEqual(listedTools(brand, '2025-11-25'));
    for (const t of listedTools(brand, '2025-11-25')) expect(t.outputSchema).toMatchObject({ type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema' });
    for (const t of listedTools(brand, '2025-03-26')) {
      expect(t).not.toHaveProperty('title');
      expect(t).not.toHaveProperty('outputSchema');
    }
  });

  test('the AI Catalog names the server card by its own media type and URL', () => {
    const brand = brands[0]!;
    const entry = aiCatalog(brand).entries.find((e) => e.type === 'application/mcp-server-card+json')!;
    expect(entry.url).toBe(`${brand.site_url}/mcp/server-card`);
    expect(entry.identifier).toBe(`urn:air:${new URL(brand.site_url).hostname}:mcp:event-catalog`);
  });
});
