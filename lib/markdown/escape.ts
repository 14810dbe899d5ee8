import type { PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Handle, type Options, type State, type Unsafe } from 'mdast-util-to-markdown';

// The one way catalog text becomes Markdown, for every producer: the page route (HTML
// converted to a syntax tree), the MCP event page and the A2A answers (trees built
// here). Text lives in text nodes and the serializer escapes whatever in it would be
// markup where it stands (HTML tags, emphasis, links, table pipes, list and heading
// markers at a line start); one-line fields lose their line breaks first, so no catalog
// text can start a line of its own.

const listed = (list: Unsafe['inConstruct']): string[] => (list == null ? [] : typeof list === 'string' ? [list] : list);

/** Whether a pattern applies inside the stack's constructs (as the serializer's patternInScope decides). */
function inScope(stack: string[], p: Unsafe): boolean {
  const inside = listed(p.inConstruct);
  const outside = listed(p.notInConstruct);
  return (inside.length === 0 || inside.some((c) => stack.includes(c))) && !outside.some((c) => stack.includes(c));
}

/** Matches at any index: a value with any character goes to the serializer's `safe`. */
const EVERYWHERE = /(?:)/g;

/** A pattern's character as it stands in an expression. */
const literal = (c: string) => c.replace(/[$()*+.?[\\\]^{|}/-]/g, '\\$&');

/**
 * The unsafe patterns that apply inside one stack of constructs, as one expression that
 * finds each place where one of them would escape a character: the character itself, with
 * what must stand before it (a line ending for a pattern at a break, its `before`) and
 * after it (its `after`) as lookarounds, so that a match's index is the character's. When a
 * pattern applies that one expression cannot stand for (bound to the node before or after,
 * or Unicode), an expression that matches everywhere: every value goes to `safe`.
 */
function patternsIn(state: State): RegExp {
  const sources: string[] = [];
  for (const p of state.unsafe) {
    if (!(p.beforeNode || p.afterNode) && !inScope(state.stack, p)) continue;
    if (p.beforeNode || p.afterNode || p.unicode) return EVERYWHERE;
    const before = (p.atBreak ? '[\\r\\n][\\t ]*' : '') + (p.before ? `(?:${p.before})` : '');
    const character = literal(p.character);
    sources.push(`${character}${before ? `(?<=(?:${before})${character})` : ''}${p.after ? `(?=(?:${p.after}))` : ''}`);
  }
  return new RegExp(sources.join('|') || '(?!)', 'g');
}

/**
 * The expression of each stack of constructs. The serializer's settings are fixed
 * (OPTIONS), so its patterns are the same in every document; the stacks a document can
 * open are few, and past MAX_STACKS an expression is built for the document alone.
 */
const byStack = new Map<string, RegExp>();
const MAX_STACKS = 512;

/**
 * The serializer's `safe` (the escaping of a text, a link's address, a title), skipped for
 * the values it would leave as they are. It runs each of its 91 patterns over every value
 * it is given, which was a third of the time a page took to write; one expression of the
 * patterns that apply tells first whether any of them would escape a character of the
 * value. A backslash, which it escapes before punctuation (in the value or just after
 * it), sends the value to it too. What it returns is the same.
 */
const root: Handle = (node, parent, state, info) => {
  const safe = state.safe;
  const local = new Map<string, RegExp>();
  state.safe = (value, config) => {
    const key = state.stack.join(' ');
    let patterns = byStack.get(key) ?? local.get(key);
    if (patterns === undefined) {
      patterns = patternsIn(state);
      (byStack.size < MAX_STACKS ? byStack : local).set(key, patterns);
    }
    const input = value ?? '';
    const before = config.before ?? '';
    const after = config.after ?? '';
    if (input.includes('\\') || after.includes('\\')) return safe.call(state, value, config);
    // The first place a pattern would escape at or after the value's start: inside the value or not at all.
    patterns.lastIndex = before.length;
    const found = patterns.exec(before + input + after);
    return found && found.index < before.length + input.length ? safe.call(state, value, config) : input;
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
