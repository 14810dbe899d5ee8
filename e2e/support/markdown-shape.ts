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
      const links = node.children.filter((c) => c.type === 'link' && !literalAutolink(c)).length;
      return `${node.type}${node.type === 'heading' ? node.depth : ''}${links ? `(${links} link)` : ''}`;
    }
    if ('children' in node) return `${node.type}[${(node.children as Nodes[]).map(walk).join(',')}]`;
    return node.type;
  };
  return walk(readMarkdown(markdown));
}

/** A bare URL that a GFM reader made a link: its text is its own address. */
function literalAutolink(node: Nodes): boolean {
  if (node.type !== 'link') return false;
  const label = node.children.length === 1 && node.children[0]!.type === 'text' ? node.children[0]!.value : null;
  return label !== null && [label, `http://${label}`, `mailto:${label}`].includes(node.url);
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

/**
 * URLs of every link and image, but for bare URLs in text: GFM readers link those
 * (www., http://, e-mail) whatever their escapes, and such a link shows its own
 * address as its text, so it hides nothing.
 */
export function linkUrls(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'image') found.push(node.url);
    if (node.type === 'link' && !literalAutolink(node)) found.push(node.url);
    if ('children' in node) for (const c of node.children as Nodes[]) walk(c);
  };
  walk(readMarkdown(markdown));
  return found;
}

/**
 * The event page's ways off the brand, each a service's form with the catalog's text only
 * inside its query string: adding to a web calendar (Google Calendar, Outlook.com),
 * directions (Google Maps, Waze, Apple Maps), sharing on WhatsApp, and a web search for
 * an organizer's own channels ("Como comprar" without a purchase address).
 */
export const SERVICE_FORM =
  /^https:\/\/(calendar\.google\.com\/calendar\/render|outlook\.live\.com\/calendar\/0\/deeplink\/compose|www\.google\.com\/maps\/dir\/|waze\.com\/ul|maps\.apple\.com\/|wa\.me\/|www\.google\.com\/search)\?[^\s()<>]*$/;
