import { beforeAll, describe, expect, test } from 'vitest';
import { brandRegistry } from '../brand/registry';
import { startCatalog } from '../startup/catalog';
import { sitemap, sitemapLeadPages, sitemapPart } from './sitemap';

const brand = brandRegistry().brands[0]!;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

// The sitemap protocol allows 50,000 URLs a file; a small limit shows the index at work.
describe('sitemap past the limit of one file', () => {
  beforeAll(async () => {
    await startCatalog();
  }, 120_000);

  test('one urlset while everything fits: the listing, the list of organizers, cities and categories, organizers, then events with lastmod', async () => {
    const xml = await sitemap(brand);
    expect(xml).toContain('<urlset');
    const all = locs(xml);
    expect(all[0]).toBe(`${brand.site_url}/`);
    const kinds = ['/eventos-em/', '/categoria/', '/produtores/', '/eventos/'].map((prefix) => all.filter((loc) => loc.startsWith(`${brand.site_url}${prefix}`)));
    for (const kind of kinds) expect(kind.length).toBeGreaterThan(0);
    expect(all).toEqual([`${brand.site_url}/`, `${brand.site_url}/produtores`, ...kinds.flat()]);
    expect(new Set(all).size).toBe(all.length);
    expect((xml.match(/<lastmod>/g) ?? []).length).toBe(kinds[3]!.length);
  });

  test('the leading pages: the listing and the list of organizers, then a landing page per city and category with events', async () => {
    const lead = (await sitemapLeadPages(brand)).map((p) => p.loc);
    expect(lead.slice(0, 2)).toEqual([`${brand.site_url}/`, `${brand.site_url}/produtores`]);
    const kinds = ['/eventos-em/', '/categoria/'].map((prefix) => lead.filter((loc) => loc.startsWith(`${brand.site_url}${prefix}`)).length);
    for (const count of kinds) expect(count).toBeGreaterThan(0);
    expect(lead).toHaveLength(2 + kinds[0]! + kinds[1]!);
  });

  test('an index of key-range files that together list every URL of the single file once, none past the limit', async () => {
    const everything = locs(await sitemap(brand));
    const limit = 50;
    const index = await sitemap(brand, limit);
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    const all: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      expect(files[n - 1]).toBe(`${brand.site_url}/sitemaps/${n}.xml`);
      const part = await sitemapPart(brand, n, limit);
      expect(part).not.toBeNull();
      const urls = locs(part!);
      expect(urls.length).toBeLessThanOrEqual(limit);
      all.push(...urls);
    }
    expect(all).toEqual(everything);
    expect(await sitemapPart(brand, files.length + 1, limit)).toBeNull();
    expect(await sitemapPart(brand, 0, limit)).toBeNull();
  });
});
