import { describe, expect, test } from 'vitest';
import { mergeLinks } from './link-header';

describe('mergeLinks', () => {
  test('each link once, in first-seen order', () => {
    const a = '<https://b.example/.well-known/api-catalog>; rel="api-catalog"';
    const b = '<https://b.example/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"';
    const c = '<https://b.example/>; rel="alternate"; type="text/markdown"';
    expect(mergeLinks(`${a}, ${b}, ${c}`, `${a}, ${b}`)).toBe(`${a}, ${b}, ${c}`);
    expect(mergeLinks(null, a, undefined, a)).toBe(a);
  });

  test('commas inside a URI or a quoted parameter do not split a link', () => {
    const odd = '<https://b.example/a,b>; rel="x"; title="one, two"';
    expect(mergeLinks(odd, odd)).toBe(odd);
  });
});
