import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sanitizeDescription } from './sanitize';

// What the sanitizer promises (see OPTIONS in sanitize.ts), checked on its output rather
// than by looking for one forbidden word: only allowlisted tags, only link attributes on
// <a>, only http(s)/mailto links, and no raw "<" left in text.
const TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span']);
const LINK_ATTRIBUTES = new Set(['href', 'title', 'rel', 'target']);

function expectInert(html: string): void {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g;
  for (const m of html.matchAll(tag)) {
    const [, , name, attrs] = m as unknown as [string, string, string, string];
    expect(TAGS, `tag <${name}> in ${html}`).toContain(name.toLowerCase());
    for (const a of attrs.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      const attr = a[1]!.toLowerCase();
      expect(name === 'a' && LINK_ATTRIBUTES.has(attr), `attribute ${attr} on <${name}> in ${html}`).toBe(true);
      if (attr === 'href') expect(a[2] ?? '', `href in ${html}`).toMatch(/^(https?:\/\/|mailto:)/i);
    }
  }
  // Whatever is left outside the allowed tags is text: any "<" there must be escaped.
  expect(html.replace(tag, '')).not.toMatch(/</);
}

// The checker must itself catch each kind of leak, or the tests below prove nothing.
test.each([
  '<img src=x>',
  '<p onclick="x">a</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="data:text/html,x">x</a>',
  '<p style="x">a</p>',
  '<span>a</span><script>',
  '<a href="https://ok.example" onmouseover="x">a</a>',
])('the inertness check refuses %s', (html) => {
  expect(() => expectInert(html)).toThrow();
});

describe('sanitizeDescription', () => {
  test.each([
    ['<p>a</p><script>alert(1)</script>', /script|alert/],
    ['<img src=x onerror=alert(1)>', /onerror|<img/],
    ['<a href="javascript:alert(1)">x</a>', /javascript/],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="  javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="&#106;avascript:alert(1)">x</a>', /avascript/i],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', /ascript/i],
    ['<svg onload=alert(1)><circle/></svg>', /svg|onload/],
    ['<svg><script>alert(1)</script></svg>', /svg|script|alert/],
    ['<iframe src="https://evil.example"></iframe>', /iframe/],
    ['<p style="background:url(javascript:alert(1))">x</p>', /style|javascript/],
    ['<span style="position:fixed;inset:0">overlay</span>', /style|fixed/],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', /data:|<img/],
    ['<p onclick="alert(1)">x</p>', /onclick/],
    ['<a href="https://ok.example/" onmouseover="alert(1)">x</a>', /onmouseover|alert/],
    ['<form action="https://evil.example"><input name=a></form>', /form|input/],
    ['<a href="//evil.example/x">x</a>', /evil/],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /javascript|xlink/],
    ['<<script>script>alert(1)<</script>/script>', /<script/],
    ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">', /evil|base|meta/],
    ['<object data="x.swf"></object><embed src="x.swf">', /object|embed|swf/],
    ['<noscript><img src=x onerror=alert(1)></noscript>', /onerror|img/],
    ['<style>body{display:none}</style><link rel=stylesheet href=https://evil.example/x.css>', /style|display|link|evil/],
  ])('%s loses what could run', (html, forbidden) => {
    const clean = sanitizeDescription(html);
    expect(clean).not.toMatch(forbidden);
    expectInert(clean);
  });

  test('the payload text of a removed script is gone too, not left as visible text', () => {
    expect(sanitizeDescription('<p>a</p><script>alert(1)</script>')).toBe('<p>a</p>');
    expect(sanitizeDescription('<p>x<script>y</script></p>')).toBe('<p>x</p>');
  });

  test('formatting and safe links survive', () => {
    const html =
      '<h3>Sobre</h3><p>Uma <strong>noite</strong> de <em>forró</em>.</p><ul><li>Portões 19h</li><li>Meia-entrada</li></ul>' +
      '<ol><li>um</li></ol><blockquote>citação</blockquote><a href="https://example.com/x?a=1&amp;b=2">site</a>';
    const clean = sanitizeDescription(html);
    for (const part of [
      '<h3>Sobre</h3>',
      '<p>Uma <strong>noite</strong> de <em>forró</em>.</p>',
      '<ul><li>Portões 19h</li><li>Meia-entrada</li></ul>',
      '<ol><li>um</li></ol>',
      '<blockquote>citação</blockquote>',
      'href="https://example.com/x?a=1&amp;b=2"',
      '>site</a>',
    ]) {
      expect(clean).toContain(part);
    }
    expectInert(clean);
  });

  test('links keep http, https and mailto, and always open apart without passing the opener', () => {
    for (const href of ['http://ok.example/', 'https://ok.example/a', 'mailto:contato@ok.example']) {
      const clean = sanitizeDescription(`<a href="${href}" target="_self" rel="opener">x</a>`);
      expect(clean).toContain(`href="${href}"`);
      expect(clean).toContain('rel="nofollow noopener"');
      expect(clean).toContain('target="_blank"');
      expect(clean).not.toMatch(/_self|"opener"/);
    }
  });

  test('attributes other than link ones are dropped but the tag and its text stay', () => {
    expect(sanitizeDescription('<p style="color:red" class="c" id="i" title="t">red</p>')).toBe('<p>red</p>');
    expect(sanitizeDescription('<span style="x" onclick="y">s</span>')).toBe('<span>s</span>');
  });

  test('plain text with angle brackets stays text, escaped', () => {
    const clean = sanitizeDescription('2 < 3 & 5 > 4');
    expect(clean).toBe('2 &lt; 3 &amp; 5 &gt; 4');
    expectInert(clean);
  });

  test('any mix of dangerous fragments comes out inert (property)', () => {
    const fragments = fc.constantFrom(
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">',
      '<a href="https://ok.example">',
      '</a>',
      '<svg onload=alert(1)>',
      '<iframe src=//evil.example>',
      '<p style="x:y">',
      '</p>',
      '<strong>',
      '"><',
      "'",
      '<!--',
      '-->',
      '<![CDATA[',
      'texto ',
      '<a href="data:text/html,<script>alert(1)</script>">',
      '<math><style><img src=x onerror=alert(1)></style></math>',
    );
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 12 }), (parts) => {
        expectInert(sanitizeDescription(parts.join('')));
      }),
      { numRuns: 300 },
    );
  });

  test('the same input gives the same output (memoized)', () => {
    const html = '<p>x<script>y</script></p>';
    expect(sanitizeDescription(html)).toBe(sanitizeDescription(html));
  });
});
