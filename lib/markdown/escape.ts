import type { PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';

// The one way catalog text becomes Markdown, for every producer: the page route (HTML
// converted to a syntax tree), the MCP event page and the A2A answers (trees built
// here). Text lives in text nodes and the serializer escapes whatever in it would be
// markup where it stands (HTML tags, emphasis, links, table pipes, list and heading
// markers at a line start); one-line fields lose their line breaks first, so no catalog
// text can start a line of its own.

/** Serializer settings of every Markdown answer (tables unpadded: fewer tokens, same table). */
const OPTIONS: Options = { bullet: '-', fences: true, rule: '-', extensions: [gfmToMarkdown({ tablePipeAlign: false })] };

/** A Markdown syntax tree as GFM text. */
export function serializeMarkdown(tree: Root): string {
  return toMarkdown(tree, OPTIONS);
}

// Line terminators (CR, LF, VT, FF, NEL, LS, PS) and the other control characters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** A one-line field's text: control characters and line breaks become one space. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '').replace(CONTROL, ' ').replace(/\s{2,}/g, ' ').trim();
}

/** A text node of one-line text. */
export const text = (value: string | null | undefined): PhrasingContent => ({ type: 'text', value: oneLine(value) });

/** A paragraph of phrasing content. */
export const paragraph = (...children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });

/** A list of one-paragraph items. */
export const list = (items: PhrasingContent[][]): RootContent => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] })),
});

/** One line of text escaped for use inside a Markdown line (as the serializer escapes a paragraph). */
export function markdownInline(value: string | null | undefined): string {
  return serializeMarkdown({ type: 'root', children: [paragraph(text(value))] }).trim();
}

/** Double-quoted YAML (front matter); angle brackets as escapes so that no value reads as markup. */
export const yamlString = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
