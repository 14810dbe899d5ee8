import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Markdown as a GFM reader sees it, front matter set aside. */
export function readMarkdown(markdown: string): Root {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  return fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/**
 * The structure of a Markdown document: its blocks down to paragraphs and table
 * cells, with how many of each, but none of their text. Two documents built from the
 * same template have the same outline whatever text they carry, unless that text
 * injected structure (a line of its own, a list item, a table cell, a heading…).
 */
export function outline(markdown: string): string {
  const walk = (node: Nodes): string => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      const links = node.children.filter((c) => c.type === 'link').length;
      return `${node.type}${node.type === 'heading' ? node.depth : ''}${links ? `(${links} link)` : ''}`;
    }
    if ('children' in node) return `${node.type}[${(node.children as Nodes[]).map(walk).join(',')}]`;
    return node.type;
  };
  return walk(readMarkdown(markdown));
}

/** Every raw HTML node a Markdown reader would pass through to a renderer. */
export function htmlNodes(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'html') found.push(node.value);
    if ('children' in node) for (const c of node.children as Nodes[]) walk(c);
  };
  walk(readMarkdown(markdown));
  return found;
}

/** URLs of every link and image. */
export function linkUrls(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image') found.push(node.url);
    if ('children' in node) for (const c of node.children as Nodes[]) walk(c);
  };
  walk(readMarkdown(markdown));
  return found;
}
