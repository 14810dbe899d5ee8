import { Tokenizer } from 'htmlparser2';

// Public pages are plain HTML: links and GET forms, no client code beyond the site's own
// small files, so nothing on them needs the framework's client runtime (React, the router
// and the page's serialized component tree, about 130 KB of JavaScript and half the HTML).
// lib/pages renders public pages without it, and passes what React wrote through this
// filter all the same, so that nothing a renderer adds can run unless the site wrote it.
// Personal pages (the account forms' CAPTCHA) keep the runtime as the framework writes it.
//
// What stays is decided by an allowlist of what the site writes, never by a list of what the
// framework is known to add: a release that renames its globals or moves its files cannot
// bring its JavaScript back. The page is read by an HTML tokenizer (the same rules as a
// browser for script text, comments and attributes), and what goes is cut out of the
// original text, so everything else keeps its bytes. Only tags are looked at: no tree is
// built and no text is decoded. An attribute is compared as written, so a site script or
// data block written with character references would be cut, never one of the framework's
// kept.

/** The site's own script files (app/busca.js, loaded by the search form; app/compartilhar.js, by an event page's share links; app/perto-de-mim.js, "Perto de mim"; app/produtores.js, the organizers' suggestions). */
export const SITE_SCRIPTS: ReadonlySet<string> = new Set(['/busca.js', '/compartilhar.js', '/perto-de-mim.js', '/produtores.js']);
/** The only inline scripts the site writes: its JSON-LD data blocks, which the browser never runs. */
const SITE_DATA_BLOCK = 'application/ld+json';

/** A script element the site wrote: one of its files, or one of its data blocks. */
export function isSiteScript(attributes: Record<string, string>): boolean {
  const src = attributes.src;
  if (src !== undefined) return SITE_SCRIPTS.has(src.trim());
  return attributes.type?.trim().toLowerCase() === SITE_DATA_BLOCK;
}

/** A link that makes the browser fetch JavaScript ahead: a module preload, or a preload or prefetch of a script or worker. */
function loadsScript(attributes: Record<string, string>): boolean {
  const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  const as = (attributes.as ?? '').trim().toLowerCase();
  return (rel.includes('preload') || rel.includes('prefetch')) && (as === 'script' || as === 'worker' || as === 'sharedworker');
}

/**
 * The HTML of a public page with no script but the site's own (its JSON-LD data blocks and
 * its files, SITE_SCRIPTS) and no link that loads JavaScript; everything else kept byte for byte.
 */
export function withoutClientRuntime(html: string): string {
  const cuts: Array<[number, number]> = [];
  const noop = () => {};
  /** The open tag being read when it is a script or a link ('' for any other): its name (lower case), where its '<' is, its attributes (the first of a name wins). */
  let tag = '';
  let tagStart = -1;
  let attributes: Record<string, string> = {};
  let attribute = '';
  let value = '';
  /** Where the script element being read starts when it goes, or -1. */
  let scriptStart = -1;
  const openTagEnd = (endIndex: number) => {
    if (tag === 'script') scriptStart = isSiteScript(attributes) ? -1 : tagStart;
    else if (tag === 'link' && loadsScript(attributes)) cuts.push([tagStart, endIndex + 1]);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, endIndex) {
        // Only a script or a link is read further (most tags are neither, and are not copied).
        const length = endIndex - start;
        tag = length === 6 || length === 4 ? html.slice(start, endIndex).toLowerCase() : '';
        if (tag !== 'script' && tag !== 'link') tag = '';
        tagStart = start - 1;
        attributes = {};
      },
      onattribname(start, endIndex) {
        if (tag === '') return;
        attribute = html.slice(start, endIndex).toLowerCase();
        value = '';
      },
      onattribdata(start, endIndex) {
        if (tag !== '') value += html.slice(start, endIndex);
      },
      onattribend() {
        if (tag !== '' && !Object.hasOwn(attributes, attribute)) attributes[attribute] = value;
      },
      onopentagend: openTagEnd,
      // A self-closing script is still an open one in HTML: it runs to its end tag.
      onselfclosingtag: openTagEnd,
      onclosetag(start, endIndex) {
        if (scriptStart < 0 || html.slice(start, endIndex).toLowerCase() !== 'script') return;
        // The end tag runs to its '>'.
        const gt = html.indexOf('>', endIndex);
        cuts.push([scriptStart, gt < 0 ? html.length : gt + 1]);
        scriptStart = -1;
      },
      onattribentity: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  // A script left open runs to the end of the page.
  if (scriptStart >= 0) cuts.push([scriptStart, html.length]);
  if (cuts.length === 0) return html;
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}
