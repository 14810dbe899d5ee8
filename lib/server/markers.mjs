// The headers by which server.mjs tells the app what only the socket knows, and by which
// the proxy tells server.mjs what to settle just before a head goes out. Plain JavaScript:
// server.mjs runs outside Next's bundles. A client's copy of any of them is removed.

/** The socket peer, for the rate limiter. */
export const PEER_HEADER = 'x-catalog-peer';
/** The method that Node's fetch Request cannot carry (TRACE), sent on as GET. */
export const ORIGINAL_METHOD_HEADER = 'x-catalog-original-method';
/** A request of the client router for a page's RSC payload, not its HTML. */
export const FLIGHT_HEADER = 'x-catalog-flight';
/** Set by the proxy on page responses: server.mjs adds Vary: Accept and maps a 500 to a 503 page. */
export const PAGE_MARKER = 'x-catalog-page';
/** A request whose body was past its path's limit, refused whole; the value is the limit in bytes. */
export const OVERSIZED_HEADER = 'x-catalog-oversized';
/**
 * The server's own render of a public page for the page cache (lib/site/page-cache.ts). It
 * skips the proxy (proxy.ts's matcher), which has nothing to decide for it: server.mjs keeps
 * the mark only on a request that bears the process's internal token.
 */
export const FILL_HEADER = 'x-catalog-fill';
/** The process's internal token, on globalThis (lib/http/self-request.ts), and the header that carries it. */
export const INTERNAL_TOKEN = Symbol.for('event-catalog.internal-token');
export const INTERNAL_HEADER = 'x-catalog-internal';
/**
 * Set by the proxy on a public page that no cache holds, which it lets through to the page
 * route to be rendered (lib/site/page-capture.ts): server.mjs keeps the route's answer back,
 * hands it to the function registered under CAPTURE_HOOK, and sends what that returns (the
 * stored page). The value names the render the waiting requests of the same page share.
 */
export const CAPTURE_HEADER = 'x-catalog-capture';
/** Where lib/site/page-capture.ts registers that function on globalThis, for server.mjs. */
export const CAPTURE_HOOK = Symbol.for('event-catalog.capture-page');
/** Set on globalThis by server.mjs, which captures: elsewhere (next dev) a page is rendered by a request of the server to itself. */
export const CAPTURES_PAGES = Symbol.for('event-catalog.captures-pages');
