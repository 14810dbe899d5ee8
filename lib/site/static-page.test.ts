import { describe, expect, test } from 'vitest';
import { withInlineStylesheets, withoutClientRuntime } from './static-page';

// A page as Next 16 renders it (trimmed): its client runtime goes, the rest stays byte for byte.
const PAGE = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/15obk67jkku3r.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/0j1we3cwg31qe.js"/>',
  '<script src="/_next/static/chunks/0y3pt02z9cfc6.js" async=""></script>',
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>',
  '<title>Eventos · Aurora</title></head><body><main id="conteudo">',
  '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
  '<script src="/busca.js" defer=""></script>',
  '<h1>Eventos</h1></main>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})</script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '<script>console.log("kept")</script>',
  '</body></html>',
].join('');

describe('withoutClientRuntime', () => {
  test("drops the framework's scripts and script preloads, keeps data blocks, other scripts and the stylesheet", () => {
    const html = withoutClientRuntime(PAGE);
    expect(html).not.toMatch(/_next\/static\/[^"]*\.js|__next_f|TURBOPACK/);
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/15obk67jkku3r.css" data-precedence="next"/>');
    expect(html).toContain('<script type="application/ld+json">{"@context":"https://schema.org"}</script>');
    expect(html).toContain('<script src="/busca.js" defer=""></script>');
    expect(html).toContain('<script>console.log("kept")</script>');
    expect(html).toContain('<title>Eventos · Aurora</title></head><body><main id="conteudo">');
  });

  test('a page without the runtime is unchanged', () => {
    const plain = '<html><body><main><p>Olá</p></main></body></html>';
    expect(withoutClientRuntime(plain)).toBe(plain);
  });
});

describe('withInlineStylesheets', () => {
  test("the framework's stylesheet goes inside the page; one that cannot be read stays a link", async () => {
    const css: Record<string, string> = { '/_next/static/chunks/15obk67jkku3r.css': '.card{color:red}a[title="</style>"]{x:y}' };
    const html = await withInlineStylesheets(PAGE, async (path) => css[path] ?? null);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style data-href="/_next/static/chunks/15obk67jkku3r.css">.card{color:red}a[title="\\3C/style>"]{x:y}</style>');
    expect(await withInlineStylesheets(PAGE, async () => null)).toBe(PAGE);
  });
});
