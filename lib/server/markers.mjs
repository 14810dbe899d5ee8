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
/** The process's internal token, on globalThis (lib/http/self-request.ts), and the header that carries it. */
export const INTERNAL_TOKEN = Symbol.for('event-catalog.internal-token');
export const INTERNAL_HEADER = 'x-catalog-internal';
