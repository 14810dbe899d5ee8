import type { PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Handle, type Options, type SafeConfig, type Unsafe } from 'mdast-util-to-markdown';

// The one way catalog text becomes Markdown, for every producer: the page route (HTML
// converted to a syntax tree), the MCP event page and the A2A answers (trees built
// here). Text lives in text nodes and the serializer escapes whatever in it would be
// markup where it stands (HTML tags, emphasis, links, table pipes, list and heading
// markers at a line start); one-line fields lose their line breaks first, so no catalog
// text can start a line of its own.

/**
 * What can make the serializer's `safe` (the escaping of a text, a link's address, a
 * title) change a value inside the constructs of one stack, read from the unsafe patterns
 * that apply there (in the constructs they name, outside those they exclude):
 * - a pattern escapes its own character, where the character stands in the value, so a
 *   value holding none of `characters` has nothing to escape; a backslash is among them
 *   (escaped before punctuation, it is left to the serializer);
 * - `spacesAtEdges`: a space or a tab escaped only beside a line ending, which for a space
 *   at the value's edge may be the character before or after the value;
 * - `everything`: a pattern of any other shape (an empty character, a space anywhere)
 *   sends every value through `safe`.
 */
type Escapes = { characters: Set<string>; spacesAtEdges: boolean; everything: boolean };

const LINE_ENDING = '[\\r\\n]';
const listed = (list: Unsafe['inConstruct']): string[] => (list == null ? [] : typeof list === 'string' ? [list] : list);

/** Whether a pattern applies inside the stack's constructs (as the serializer's patternInScope decides). */
function inScope(stack: string[], p: Unsafe): boolean {
  const inside = listed(p.inConstruct);
  const outside = listed(p.notInConstruct);
  return (inside.length === 0 || inside.some((c) => stack.includes(c))) && !outside.some((c) => stack.includes(c));
}

function escapesIn(stack: string[], unsafe: Unsafe[]): Escapes {
  const escapes: Escapes = { characters: new Set(['\\']), spacesAtEdges: false, everything: false };
  for (const p of unsafe) {
    // A pattern bound to the node before or after the value is taken as applying anywhere.
    if (!(p.beforeNode || p.afterNode) && !inScope(stack, p)) continue;
    if (p.character === ' ' || p.character === '\t') {
      const context = p.before ?? p.after;
      if (!p.atBreak && !p.beforeNode && !p.afterNode && (p.before === undefined) !== (p.after === undefined) && context === LINE_ENDING) escapes.spacesAtEdges = true;
      else escapes.everything = true;
    } else if (p.character.length === 1) escapes.characters.add(p.character);
    else escapes.everything = true;
  }
  return escapes;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t';
const isLineEnding = (c: string | undefined) => c === '\r' || c === '\n';

/** Whether `safe` returns `value` as it is: none of its characters can be escaped where it stands. */
function unchanged(escapes: Escapes, value: string, config: SafeConfig): boolean {
  if (escapes.everything) return false;
  for (let i = 0; i < value.length; i++) if (escapes.characters.has(value[i]!)) return false;
  // A backslash just after the value is escaped by a backslash at the value's end.
  if (config.after?.includes('\\')) return false;
  if (escapes.spacesAtEdges && isSpace(value[0]) && isLineEnding(config.before?.at(-1))) return false;
  if (escapes.spacesAtEdges && isSpace(value.at(-1)) && isLineEnding(config.after?.[0])) return false;
  return true;
}

/**
 * The serializer's `safe`, skipped for the values it would leave as they are (most of a
 * page's texts): it runs each of its 91 patterns over every value it is given, which was
 * a third of the time a page took to write. What it returns is the same.
 */
const root: Handle = (node, parent, state, info) => {
  const byStack = new Map<string, Escapes>();
  const safe = state.safe;
  state.safe = (value, config) => {
    const key = state.stack.join(' ');
    let escapes = byStack.get(key);
    if (!escapes) byStack.set(key, (escapes = escapesIn(state.stack, state.unsafe)));
    return unchanged(escapes, value ?? '', config) ? (value ?? '') : safe.call(state, value, config);
  };
  return defaultHandlers.root(node, parent, state, info);
};

/** Serializer settings of every Markdown answer (tables unpadded: fewer tokens, same table), with the serializer's own escaping throughout. */
export const SERIALIZER_SETTINGS: Options = { bullet: '-', fences: true, rule: '-', extensions: [gfmToMarkdown({ tablePipeAlign: false })] };
const OPTIONS: Options = { ...SERIALIZER_SETTINGS, handlers: { root } };

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
