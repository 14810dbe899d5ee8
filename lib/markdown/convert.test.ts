import { describe, expect, test } from 'vitest';
import { mainToMarkdown } from './convert';

describe('page to Markdown', () => {
  test('what is hidden from assistive technology is left out; the rest stays', () => {
    const html = '<main><p class="scroll-hint" aria-hidden="true">Deslize a tabela para o lado</p><p>Preço com taxas</p></main>';
    const md = mainToMarkdown(html, 'https://aurora.example');
    expect(md).not.toContain('Deslize');
    expect(md).toContain('Preço com taxas');
  });
});
