// Public pages are plain HTML: links and GET forms, no client code of the site's own, so
// nothing on them needs the framework's client runtime (React, the router and the page's
// serialized component tree, about 130 KB of JavaScript and half the HTML). A public page
// is stored without it, and with its stylesheet inside (a few KB: no second round trip
// before the first paint); personal pages (the account forms' CAPTCHA) keep both as the
// framework writes them.

const FRAMEWORK_SCRIPT_SRC = /<script\b[^>]*\bsrc="\/_next\/static\/[^"]*"[^>]*>\s*<\/script\s*>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*\/?>|<link\b[^>]*\bas="script"[^>]*\brel="preload"[^>]*\/?>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** The framework's inline scripts: the component tree's chunks and the bundler's chunk list. */
const FRAMEWORK_INLINE = /^\s*(?:\(self\.__next_f\s*=|self\.__next_f\.push\(|\(globalThis\["TURBOPACK"\])/;

/** The HTML of a public page without the framework's client scripts; everything else kept as it is. */
export function withoutClientRuntime(html: string): string {
  return html
    .replace(FRAMEWORK_SCRIPT_SRC, '')
    .replace(SCRIPT_PRELOAD, '')
    .replace(INLINE_SCRIPT, (whole, attrs: string, text: string) => (/\bsrc\s*=/i.test(attrs) || !FRAMEWORK_INLINE.test(text) ? whole : ''));
}

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/_next\/static\/[^"]+\.css)"[^>]*\/?>/gi;

/**
 * The page with each of the framework's stylesheets inside it: `read` gives a stylesheet's
 * text by path (null when it cannot, and the link stays). "</" cannot end the style
 * element early: CSS has no use for it outside strings, where "\3C/" means the same.
 */
export async function withInlineStylesheets(html: string, read: (path: string) => Promise<string | null>): Promise<string> {
  const paths = [...new Set([...html.matchAll(STYLESHEET)].map((m) => m[1]!))];
  const texts = new Map(await Promise.all(paths.map(async (p) => [p, await read(p)] as const)));
  return html.replace(STYLESHEET, (link, path: string) => {
    const css = texts.get(path);
    return css == null ? link : `<style data-href="${path}">${css.replace(/<\//g, '\\3C/')}</style>`;
  });
}
