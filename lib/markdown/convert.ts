import type { Element, Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { toMdast } from 'hast-util-to-mdast';
import type { Root as MdastRoot } from 'mdast';
import { parseFragment } from 'parse5';
import { serializeMarkdown, yamlString } from './escape';

export { yamlString };

/** Link schemes kept in Markdown (webcal: the subscribe links of calendar feeds); any other link loses its target. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'webcal:']);

/**
 * Resolves links and images against the page's own URL (on the brand's site), as a browser
 * does: a path (/eventos/x) lands on the site, an in-page link (#como-comprar) on this same
 * page; and drops what is not content.
 */
function absolutize(tree: Root, base: string): void {
  const walk = (parent: Root | Element) => {
    parent.children = parent.children.filter((node) => {
      // React's text separators (<!-- -->) and suspense markers are not content.
      if (node.type === 'comment') return false;
      if (node.type !== 'element') return true;
      // Hidden from assistive technology is not content either (a hint about swiping a table),
      // nor what the page hides until its script shows it (the share sheet's button).
      const hidden = String(node.properties.ariaHidden) === 'true' || node.properties.hidden === true || node.properties.hidden === '';
      if (node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'form' || hidden) return false;
      for (const attr of ['href', 'src'] as const) {
        const value = node.properties[attr];
        if (typeof value === 'string') {
          try {
            const url = new URL(value, base);
            node.properties[attr] = LINK_SCHEMES.has(url.protocol) ? url.toString() : undefined;
          } catch {
            node.properties[attr] = undefined;
          }
        }
      }
      walk(node);
      return true;
    });
  };
  walk(tree);
}

/**
 * The HTML as a tree, parsed as a browser parses it but without the source positions
 * that a tree read for diagnostics carries: nothing here reports a position, and a tree
 * without them is about half as costly to build and to convert.
 */
const hastOf = (html: string): Root => fromParse5(parseFragment(html), { space: 'html' }) as Root;

/** The page's <main> as GFM Markdown, with links made absolute against `pageUrl` (the page's own address), written by the shared serializer (lib/markdown/escape.ts). */
export function mainToMarkdown(html: string, pageUrl: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(html.indexOf('>', start) + 1, end) : html;
  const tree = hastOf(main);
  absolutize(tree, pageUrl);
  return serializeMarkdown(toMdast(tree, { document: true }) as MdastRoot).trim() + '\n';
}

const decode = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** Title and description from the page head. */
export function pageHead(html: string): { title: string; description: string } {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return { title: decode(title), description: decode(description) };
}


/** Text on one line: spaces collapsed, none before punctuation, none at either end. */
export const cleanLine = (s: string) => s.replace(/\s+/g, ' ').replace(/ +([,.;:!?…)])/g, '$1').trim();

export function withFrontmatter(markdown: string, head: { title: string; description: string; url: string }): string {
  return `---\ntitle: ${yamlString(cleanLine(head.title))}\ndescription: ${yamlString(cleanLine(head.description))}\nurl: ${yamlString(head.url)}\n---\n\n${markdown}`;
}
