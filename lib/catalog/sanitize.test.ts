import { describe, expect, test } from 'vitest';
import { sanitizeDescription } from './sanitize';

describe('sanitizeDescription', () => {
  test.each([
    ['<p>a</p><script>alert(1)</script>', /script|alert/],
    ['<img src=x onerror=alert(1)>', /onerror|<img/],
    ['<a href="javascript:alert(1)">x</a>', /javascript/],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="  javascript:alert(1)">x</a>', /javascript/i],
    ['<svg onload=alert(1)><circle/></svg>', /svg|onload/],
    ['<iframe src="https://evil.example"></iframe>', /iframe/],
    ['<p style="background:url(javascript:alert(1))">x</p>', /style|javascript/],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/],
    ['<p onclick="alert(1)">x</p>', /onclick/],
    ['<form action="https://evil.example"><input name=a></form>', /form|input/],
    ['<a href="//evil.example/x">x</a>', /evil/],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /javascript|xlink/],
    ['<<script>script>alert(1)<</script>/script>', /<script/],
  ])('%s loses what could run', (html, forbidden) => {
    expect(sanitizeDescription(html)).not.toMatch(forbidden);
  });

  test('formatting and safe links survive', () => {
    const html = '<h3>Sobre</h3><p>Uma <strong>noite</strong> de <em>forró</em>.</p><ul><li>Portões 19h</li></ul><a href="https://example.com/x">site</a>';
    const clean = sanitizeDescription(html);
    for (const part of ['<h3>Sobre</h3>', '<strong>noite</strong>', '<em>forró</em>', '<li>Portões 19h</li>', 'href="https://example.com/x"']) {
      expect(clean).toContain(part);
    }
    expect(clean).toContain('rel="nofollow noopener"');
  });

  test('the same input gives the same output (memoized)', () => {
    const html = '<p>x<script>y</script></p>';
    expect(sanitizeDescription(html)).toBe(sanitizeDescription(html));
    expect(sanitizeDescription(html)).toBe('<p>x</p>');
  });
});
