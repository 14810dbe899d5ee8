import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { aiCatalog } from './ai-catalog';

// The ARD schema of ai-catalog.json, vendored (schemas/SOURCES.md): what Lighthouse's
// Agentic Browsing audit `ard-schema` validates the document against.
const schema = JSON.parse(readFileSync(new URL('./schemas/ai-catalog.schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

const brands = demoRegistry(3000).brands;

describe('AI Catalog', () => {
  test.each(brands.map((b) => [b.id, b] as const))('%s: valid against the ARD ai-catalog schema', (_id, brand) => {
    const valid = validate(aiCatalog(brand));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('every entry has a display name, which the schema requires', () => {
    for (const entry of aiCatalog(brands[0]!).entries) expect(entry.displayName).toMatch(/^Aurora Ingressos /);
    // The schema does catch an entry without one (the failure Lighthouse reported).
    const { entries, ...rest } = aiCatalog(brands[0]!);
    const withoutName = { ...rest, entries: entries.map(({ displayName: _unused, ...e }) => e) };
    expect(validate(withoutName)).toBe(false);
    expect(validate.errors?.some((e) => e.instancePath === '/entries/0' && e.params && 'missingProperty' in e.params && e.params.missingProperty === 'displayName')).toBe(true);
  });

  test('every entry names 2 to 5 questions it answers (ARD representativeQueries)', () => {
    for (const entry of aiCatalog(brands[2]!).entries) {
      expect(entry.representativeQueries.length).toBeGreaterThanOrEqual(2);
      expect(entry.representativeQueries.length).toBeLessThanOrEqual(5);
    }
  });

  test('the cards describe themselves; the other entries are described here', () => {
    for (const entry of aiCatalog(brands[1]!).entries) {
      if (entry.type.endsWith('-card+json')) expect(entry).not.toHaveProperty('description');
      else expect(entry).toHaveProperty('description');
    }
  });
});
