import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import { countEventPages } from '../catalog/sitemap';
import { startCatalog } from '../startup/catalog';
import { sitemap, sitemapLeadPages, sitemapPart } from './sitemap';

const brand = brandRegistry().brands[0]!;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

// The sitemap protocol allows 50,000 URLs a file; a small limit shows the index at work.
describe('sitemap past the limit of one file', () => {
  beforeAll(async () => {
    await startCatalog();
  }, 120_000);

  test('one urlset while everything fits', async () => {
    const total = await countEventPages(brand);
    const lead = (await sitemapLeadPages(brand)).length;
    const xml = await sitemap(brand, total + lead);
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toHaveLength(total + lead);
  });

  test('the listing leads, then a landing page per city, category and organizer with events', async () => {
    const lead = (await sitemapLeadPages(brand)).map((p) => p.loc);
    expect(lead[0]).toBe(`${brand.site_url}/`);
    const kinds = ['/eventos-em/', '/categoria/', '/produtores/'].map((prefix) => lead.filter((loc) => loc.startsWith(`${brand.site_url}${prefix}`)).length);
    for (const count of [kinds[0]!, kinds[2]!]) expect(count).toBeGreaterThan(0);
    expect(lead).toHaveLength(1 + kinds.reduce((a, b) => a + b, 0));
    expect(new Set(lead).size).toBe(lead.length);
  });

  test('an index of files that together list the listing and every event page once', async () => {
    const total = (await countEventPages(brand)) + (await sitemapLeadPages(brand)).length - 1;
    const limit = 50;
    const index = await sitemap(brand, limit);
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil((total + 1) / limit));
    const all: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      const part = await sitemapPart(brand, n, limit);
      expect(part).not.toBeNull();
      const urls = locs(part!);
      expect(urls.length).toBeLessThanOrEqual(limit);
      all.push(...urls);
    }
    expect(all[0]).toBe(`${brand.site_url}/`);
    expect(all).toHaveLength(total + 1);
    expect(new Set(all).size).toBe(all.length);
    expect(await sitemapPart(brand, files.length + 1, limit)).toBeNull();
    expect(await sitemapPart(brand, 0, limit)).toBeNull();
  });
});
