import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import fc from 'fast-check';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { describe, expect, test } from 'vitest';
import { list, markdownInline, oneLine, paragraph, SERIALIZER_SETTINGS, serializeMarkdown, text } from './escape';

const read = (md: string) => fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
const plainText = (md: string): string => {
  const parts: string[] = [];
  const walk = (n: { type: string; value?: string; children?: unknown[] }) => {
    if (n.type === 'text' || n.type === 'inlineCode') parts.push(n.value ?? '');
    for (const c of (n.children ?? []) as Array<typeof n>) walk(c);
  };
  walk(read(md) as never);
  return parts.join('');
};

type Link = { url: string; children: Array<{ type: string; value?: string }> };
const links = (node: unknown): Link[] => {
  const n = node as { type: string; children?: unknown[] };
  return [...(n.type === 'link' ? [n as unknown as Link] : []), ...(n.children ?? []).flatMap(links)];
};
const visibleAutolink = (link: Link) => {
  const label = link.children.map((c) => c.value ?? '').join('');
  return link.children.length === 1 && [label, `http://${label}`, `mailto:${label}`].includes(link.url);
};

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a\n---\n- Menor preço com taxas: R$ 1,00',
  '# heading',
  '1. first',
  '> quote',
  '**bold** _it_ ~~gone~~ `code`',
  '[x](javascript:alert(1)) ![i](http://evil.example/i.png)',
  'www.evil.example http://evil.example x@evil.example',
  '&lt;b&gt; &#60;',
  'a | b | c',
  'tab\there\r\nand\u2028there\u0085',
  '\\<escaped>',
];

describe('the shared Markdown escaper', () => {
  test.each(PAYLOADS)('%j reads back as the same text, one paragraph, no HTML, no link', (payload) => {
    const md = markdownInline(payload);
    const tree = read(md);
    expect(tree.children).toHaveLength(1);
    expect(tree.children[0]!.type).toBe('paragraph');
    expect(JSON.stringify(tree)).not.toMatch(/"type":"(html|image|emphasis|strong|delete|inlineCode|heading|list|thematicBreak|blockquote|table|code)"/);
    // GFM readers link bare URLs (www., http://, e-mail) whatever their escapes; such a
    // link shows its own address as its text, so it hides nothing.
    for (const link of links(tree)) expect(visibleAutolink(link), JSON.stringify(link)).toBe(true);
    expect(plainText(md)).toBe(oneLine(payload));
  });

  test('one-line text loses line breaks and control characters', () => {
    expect(oneLine(' a\r\nb\u2028c\u0000d\u000be  ')).toBe('a b c d e');
  });

  test('inside a list and a table, text keeps to its item and its cell', () => {
    const tree = {
      type: 'root' as const,
      children: [
        list([[text('Local: Rua A\n- Menor preço com taxas: R$ 1,00')], [text('Produção: | x |')]]),
        {
          type: 'table' as const,
          children: [
            { type: 'tableRow' as const, children: [{ type: 'tableCell' as const, children: [text('Setor')] }, { type: 'tableCell' as const, children: [text('Lote')] }] },
            { type: 'tableRow' as const, children: [{ type: 'tableCell' as const, children: [text('a | b')] }, { type: 'tableCell' as const, children: [text('c\n|---|')] }] },
          ],
        },
        paragraph(text('fim')),
      ],
    };
    const back = read(serializeMarkdown(tree));
    expect(back.children.map((c) => c.type)).toEqual(['list', 'table', 'paragraph']);
    expect((back.children[0] as { children: unknown[] }).children).toHaveLength(2);
    const rows = (back.children[1] as { children: Array<{ children: unknown[] }> }).children;
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.children.length === 2)).toBe(true);
  });
});

describe('the serializer with values it leaves as they are not escaped again', () => {
  // Every character some unsafe pattern escapes, line endings, spaces and tabs at the edges,
  // backslashes, and plain letters (the values that skip the serializer's escaping).
  const ALPHABET = [...'abcXY 12\t\n\r\\!"#&\'()*+-.:<=>[]_`~|@/?%^{}'];
  const value = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }).map((cs) => cs.join(''));
  const words = fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^[a-zà-ú ]{0,10}$/) }, { weight: 2, arbitrary: value });
  const phrasing: fc.Arbitrary<PhrasingContent> = fc.letrec<{ node: PhrasingContent }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      words.map((v) => ({ type: 'text', value: v }) as PhrasingContent),
      words.map((v) => ({ type: 'inlineCode', value: v }) as PhrasingContent),
      fc.array(tie('node'), { maxLength: 3 }).map((children) => ({ type: 'emphasis', children }) as PhrasingContent),
      fc.array(tie('node'), { maxLength: 3 }).map((children) => ({ type: 'strong', children }) as PhrasingContent),
      fc.array(tie('node'), { maxLength: 3 }).map((children) => ({ type: 'delete', children }) as PhrasingContent),
      fc.tuple(words, fc.option(words, { nil: undefined }), fc.array(tie('node'), { maxLength: 3 })).map(([url, title, children]) => ({ type: 'link', url, title, children }) as PhrasingContent),
      fc.tuple(words, words).map(([url, alt]) => ({ type: 'image', url, alt }) as PhrasingContent),
      fc.constant({ type: 'break' } as PhrasingContent),
    ),
  })).node;
  const line = fc.array(phrasing, { minLength: 1, maxLength: 4 });
  const block: fc.Arbitrary<RootContent> = fc.oneof(
    line.map((children) => ({ type: 'paragraph', children }) as RootContent),
    fc.tuple(fc.integer({ min: 1, max: 6 }), line).map(([depth, children]) => ({ type: 'heading', depth, children }) as RootContent),
    fc.array(line, { minLength: 1, maxLength: 3 }).map((items) => list(items)),
    line.map((children) => ({ type: 'blockquote', children: [{ type: 'paragraph', children }] }) as RootContent),
    fc.tuple(words, fc.option(words, { nil: undefined }), value).map(([lang, meta, v]) => ({ type: 'code', lang, meta, value: v }) as RootContent),
    fc.array(fc.array(line, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 3 }).map(
      (rows) => ({ type: 'table', children: rows.map((cells) => ({ type: 'tableRow', children: cells.map((children) => ({ type: 'tableCell', children })) })) }) as RootContent,
    ),
  );

  test('writes what the serializer writes with its own escaping of every value', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (children) => {
        const tree: Root = { type: 'root', children };
        expect(serializeMarkdown(tree)).toBe(toMarkdown(tree, SERIALIZER_SETTINGS));
      }),
      { numRuns: 3_000 },
    );
  });
});
