// Public pages are plain HTML: links and GET forms, no client code of the site's own, so
// nothing on them needs the framework's client runtime (React, the router and the page's
// serialized component tree, about 130 KB of JavaScript and half the HTML). A public page
// is stored without it; personal pages (the account forms' CAPTCHA) keep it.

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
