import { describe, expect, test } from 'vitest';
import { withoutClientRuntime } from './static-page';

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
  '<script src="/compartilhar.js" defer=""></script>',
  '<h1>Eventos</h1></main>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})</script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '</body></html>',
].join('');

describe('withoutClientRuntime', () => {
  test("drops the framework's scripts and script preloads, keeps the site's data blocks, its own script and the stylesheet", () => {
    const html = withoutClientRuntime(PAGE);
    expect(html).not.toMatch(/_next\/static\/[^"]*\.js|__next_f|TURBOPACK/);
    expect(html).toBe(
      [
        '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
        '<link rel="stylesheet" href="/_next/static/chunks/15obk67jkku3r.css" data-precedence="next"/>',
        '<title>Eventos · Aurora</title></head><body><main id="conteudo">',
        '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
        '<script src="/busca.js" defer=""></script>',
        '<script src="/compartilhar.js" defer=""></script>',
        '<h1>Eventos</h1></main>',
        '</body></html>',
      ].join(''),
    );
  });

  // The alarm: a framework release that renames its globals, moves its files or adds a
  // script of a new kind must not bring its client code back onto the public pages.
  test('whatever the framework adds in a future release, only the scripts the site writes remain', () => {
    const future = [
      '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
      '<link rel="modulepreload" href="/_next/chunks/runtime-2.mjs"/>',
      '<link rel="preload" href="/_next/whatever/app.js" as="script" fetchPriority="low"/>',
      '<LINK AS=SCRIPT REL=PRELOAD HREF="/_framework/x.js">',
      '<link rel="preload" as="image" href="/media/a.svg"/>',
      '<link rel="icon" href="/favicon.svg"/>',
      '<script src="/_next/whatever.js" async=""></script>',
      '<script type="module" src="/_next/static/chunks/main.mjs"></script>',
      '<SCRIPT SRC="/_vinext/boot.js"></SCRIPT>',
      '<script src="/busca.js?v=2"></script>',
      '<script src="https://cdn.example/busca.js"></script>',
      '<title>Eventos</title></head><body><main id="conteudo">',
      '<script type="application/ld+json">{"@type":"Event","name":"a < b"}</script>',
      '<script type="application/json" id="__NEXT_DATA__">{"props":{}}</script>',
      '<script src="/busca.js" defer=""></script>',
      '<p>Texto com &lt;script&gt; escrito</p>',
      '</main>',
      '<script>(self.__nx_flight=self.__nx_flight||[]).push([0])</script>',
      '<script id="_R_">(globalThis["RSPACK"] || (globalThis["RSPACK"] = [])).push({})</script>',
      '<script type="text/javascript">window.__NEXT_NEW_RUNTIME=1</script>',
      '<script nonce="x">document.write("</scr"+"ipt>")</script>',
      '<script>requestIdleCallback(()=>{})</script >',
      '</body></html>',
    ].join('');
    const html = withoutClientRuntime(future);
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts).toEqual(['<script type="application/ld+json">', '<script src="/busca.js" defer="">']);
    expect(html).not.toMatch(/modulepreload|as=.?script|_next\/|_framework|_vinext|__nx_flight|RSPACK|__NEXT/i);
    expect(html).toContain('<link rel="preload" as="image" href="/media/a.svg"/><link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Event","name":"a < b"}</script>');
    expect(html).toContain('<p>Texto com &lt;script&gt; escrito</p></main>');
    expect(html.endsWith('</main></body></html>')).toBe(true);
  });

  test('a script written oddly goes all the same: self-closing, with character references, never closed', () => {
    const odd = [
      '<html><head><script src="/_next/a.js"/>self.x=1</script>',
      '<script src="&#x2f;busca.js"></script>',
      '<script type="application&#x2f;ld+json">{}</script>',
      '<script src="/busca.js" src="/_next/b.js"></script>',
      '<!-- <script src="/_next/c.js"></script> -->',
      '</head><body><main><p>Olá</p></main>',
      '<script>self.__late=1',
    ].join('');
    const html = withoutClientRuntime(odd);
    // The first of two attributes of a name is the one a browser reads: the site's file.
    expect(html).toBe('<html><head><script src="/busca.js" src="/_next/b.js"></script><!-- <script src="/_next/c.js"></script> --></head><body><main><p>Olá</p></main>');
  });

  test('a page without the runtime is unchanged', () => {
    const plain = '<html><body><main><p>Olá</p></main></body></html>';
    expect(withoutClientRuntime(plain)).toBe(plain);
  });
});
