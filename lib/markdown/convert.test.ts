import { describe, expect, test } from 'vitest';
import { mainToMarkdown } from './convert';

describe('page to Markdown', () => {
  test('what is hidden from assistive technology is left out; the rest stays', () => {
    const html = '<main><p class="scroll-hint" aria-hidden="true">Deslize a tabela para o lado</p><p>Preço com taxas</p></main>';
    const md = mainToMarkdown(html, 'https://aurora.example');
    expect(md).not.toContain('Deslize');
    expect(md).toContain('Preço com taxas');
  });

  test('what the page hides until its script shows it is left out', () => {
    const md = mainToMarkdown('<main><button type="button" hidden>Compartilhar</button><a href="https://wa.me/?text=x">WhatsApp</a></main>', 'https://aurora.example/eventos/a');
    expect(md).not.toContain('Compartilhar');
    expect(md).toContain('WhatsApp');
  });
});

describe('links in the Markdown of a page', () => {
  const html = '<main><a href="#como-comprar">Como comprar</a> <a href="/eventos/outro">Outro</a> <a href="https://loja.example/x">Loja</a></main>';
  test.each([
    'http://aurora.localhost:3000/eventos/show-1',
    'http://aurora.localhost:3000/?q=samba',
    'http://aurora.localhost:3000/produtores/abc',
    'http://aurora.localhost:3000/',
  ])('an in-page link of %s points into that page; other links keep their target', (page) => {
    const md = mainToMarkdown(html, page);
    expect(md).toContain(`[Como comprar](${page}#como-comprar)`);
    expect(md).toContain('[Outro](http://aurora.localhost:3000/eventos/outro)');
    expect(md).toContain('[Loja](https://loja.example/x)');
  });
});
