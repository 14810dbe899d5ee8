import { describe, expect, test } from 'vitest';
import { headTags } from './head';

// The frame's metadata (lib/pages/frame.tsx) as a brand declares it. Whether a page's head
// is the framework's, byte for byte, is e2e/site/public-pages.test.ts's question; here, the
// rules that make it so.
const frame = {
  metadataBase: new URL('https://aurora.example'),
  title: { default: 'Aurora: Shows', template: '%s · Aurora' },
  description: 'Shows. Ingressos.',
  applicationName: 'Aurora',
  icons: { icon: [{ url: 'https://aurora.example/favicon.svg', type: 'image/svg+xml' }] },
  openGraph: { siteName: 'Aurora', locale: 'pt_BR', type: 'website' as const },
};

describe('headTags', () => {
  test("a page's title takes the frame's template; an absolute one does not; Open Graph and Twitter follow it", () => {
    const html = headTags(frame, { title: 'Termos', description: 'As regras.', alternates: { canonical: 'https://aurora.example/termos' } });
    expect(html).toBe(
      '<title>Termos · Aurora</title><meta name="description" content="As regras."/><meta name="application-name" content="Aurora"/>' +
        '<link rel="canonical" href="https://aurora.example/termos"/><meta property="og:title" content="Termos · Aurora"/>' +
        '<meta property="og:description" content="As regras."/><meta property="og:site_name" content="Aurora"/><meta property="og:locale" content="pt_BR"/>' +
        '<meta property="og:type" content="website"/><meta name="twitter:card" content="summary"/><meta name="twitter:title" content="Termos · Aurora"/>' +
        '<meta name="twitter:description" content="As regras."/><link rel="icon" href="https://aurora.example/favicon.svg" type="image/svg+xml"/>',
    );
    expect(headTags(frame, { title: { absolute: 'Produtores — Aurora' } })).toContain('<title>Produtores — Aurora</title>');
  });

  test("a page's Open Graph replaces the frame's whole; with a picture, Twitter's card is the large one; the root's URL has no slash", () => {
    const html = headTags(frame, { title: { absolute: 'Eventos · Aurora' }, alternates: { canonical: 'https://aurora.example/', types: { 'text/calendar': 'https://aurora.example/calendario.ics' } }, openGraph: { url: 'https://aurora.example/', images: [{ url: '/favicon.svg' }] } });
    expect(html).toContain('<link rel="canonical" href="https://aurora.example"/><link rel="alternate" type="text/calendar" href="https://aurora.example/calendario.ics"/>');
    expect(html).not.toContain('og:site_name');
    expect(html).toContain('<meta property="og:url" content="https://aurora.example"/><meta property="og:image" content="https://aurora.example/favicon.svg"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="twitter:image" content="https://aurora.example/favicon.svg"/>');
  });

  test("the 404 page's noindex comes first; a page's own robots after its names", () => {
    expect(headTags(frame, {}, { notFound: true })).toMatch(/^<meta name="robots" content="noindex"\/><title>Aurora: Shows<\/title>/);
    expect(headTags(frame, { robots: { index: false, follow: true } })).toContain('<meta name="application-name" content="Aurora"/><meta name="robots" content="noindex, follow"/>');
  });

  test('catalog text is escaped; a field no page declared yet is refused, never dropped', () => {
    expect(headTags(frame, { title: 'Rock & "Roll" <script>', description: "It's" })).toContain('<title>Rock &amp; &quot;Roll&quot; &lt;script&gt; · Aurora</title><meta name="description" content="It&#x27;s"/>');
    expect(() => headTags(frame, { keywords: ['x'] })).toThrow(/keywords/);
  });
});
