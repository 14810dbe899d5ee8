import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The site's stylesheet (app/globals.css, as the build minified it), inside every page that
// lib/pages renders: a few KB, and no second round trip before the first paint. The build
// names its file by content; the build's manifest of the home page's client references says
// which file the frame's stylesheet went to. Where there is no build (`next dev`), the
// source is used as it is.

const BUILD = join(process.cwd(), '.next');
const FRAME_CSS = /"\[project\]\/app\/layout":\[\{"path":"(static\/[^"]+\.css)"/;

let element: string | undefined;

/** The path of the frame's stylesheet in the build (`static/chunks/….css`), or null without a build. */
function builtStylesheetPath(): string | null {
  try {
    return FRAME_CSS.exec(readFileSync(join(BUILD, 'server/app/page_client-reference-manifest.js'), 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** A style element with the stylesheet's text: "</" cannot end it early (CSS has no use for it outside strings, where "\3C/" means the same). */
function styleElement(css: string, href: string | null): string {
  return `<style${href ? ` data-href="${href}"` : ''}>${css.replace(/<\//g, '\\3C/')}</style>`;
}

/** The site's stylesheet as a style element, read once per process. */
export function siteStylesheet(): string {
  if (element === undefined) {
    const built = process.env.NODE_ENV === 'production' ? builtStylesheetPath() : null;
    element = built ? styleElement(readFileSync(join(BUILD, built), 'utf8'), `/_next/${built}`) : styleElement(readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8'), null);
  }
  return element;
}
