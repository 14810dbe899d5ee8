import { Parser } from 'htmlparser2';

// Public pages are plain HTML: links and GET forms, no client code beyond the site's own
// small files, so nothing on them needs the framework's client runtime (React, the router
// and the page's serialized component tree, about 130 KB of JavaScript and half the HTML).
// lib/pages renders public pages without it, and passes what React wrote through this
// filter all the same, so that nothing a renderer adds can run unless the site wrote it.
// Personal pages (the account forms' CAPTCHA) keep the runtime as the framework writes it.
//
// What stays is decided by an allowlist of what the site writes, never by a list of what the
// framework is known to add: a release that renames its globals or moves its files cannot
// bring its JavaScript back. The page is read by an HTML parser (the same tokenizer rules
// as a browser for script text and attributes), and what goes is cut out of the original
// text, so everything else keeps its bytes.

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
  let scriptStart = -1;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') scriptStart = isSiteScript(attributes) ? -1 : parser.startIndex;
        else if (name === 'link' && loadsScript(attributes)) cuts.push([parser.startIndex, parser.endIndex + 1]);
      },
      onclosetag(name) {
        if (name !== 'script' || scriptStart < 0) return;
        // The end tag runs to its '>' (the parser's index stops at its name when anything follows it).
        const gt = html.indexOf('>', parser.endIndex);
        cuts.push([scriptStart, gt < 0 ? html.length : gt + 1]);
        scriptStart = -1;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (cuts.length === 0) return html;
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}
