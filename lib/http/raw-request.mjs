// The request as it arrives on the socket, screened by server.mjs before Next sees it:
// request-target forms that Next cannot route (asterisk-form, absolute-form), a second
// Host header, percent-encoding that does not decode, and bodies past their limit.
// Plain JavaScript: server.mjs runs outside the Next bundles.

/** Body limits in bytes, by path; every other path takes at most DEFAULT_BODY_LIMIT. */
export const BODY_LIMITS = {
  '/api/public/v1/agent/identity': 16 * 1024,
  '/mcp': 64 * 1024,
  '/a2a': 64 * 1024,
};
/** No other route reads a body; this bounds what Next buffers for them. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Methods the server as a whole answers, for `OPTIONS *`. */
const SERVER_METHODS = 'GET, HEAD, POST, OPTIONS';

/** The body limit of a path (origin-form, query ignored). */
export function bodyLimitFor(path) {
  const pathname = path.split('?')[0] ?? '';
  return BODY_LIMITS[pathname] ?? DEFAULT_BODY_LIMIT;
}

/**
 * A path whose segments all decode as UTF-8, unchanged; otherwise every `%` of each
 * segment that does not decode is escaped as `%25`, so the segment is read literally
 * (and then matches no resource: a 404 like any other unknown name).
 */
export function decodablePath(pathname) {
  let changed = false;
  const segments = pathname.split('/').map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replaceAll('%', '%25');
    }
  });
  return changed ? segments.join('/') : pathname;
}

const short = (status, text, headers = {}) => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close', ...headers },
  body: `${text}\n`,
});

/**
 * Screens one request in place. Returns an answer to send at once (the request never
 * reaches the app), or null after normalizing the request target:
 * - two or more Host headers: 400 (RFC 9112, 3.2);
 * - `OPTIONS *`: 204 with the server's methods; any other method with `*`: 400;
 * - absolute-form (`GET http://host/path`): the target's host replaces Host (RFC 9112,
 *   3.2.2) and the URL becomes origin-form, so no redirect is ever built from it;
 * - any other form that is not a path: 400;
 * - a path segment whose percent-encoding does not decode: read literally (see decodablePath).
 */
export function screenRequest(req) {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return short(400, 'Bad Request: more than one Host header.');
  const target = req.url ?? '';
  if (target === '*') {
    if (req.method === 'OPTIONS') return { status: 204, headers: { Allow: SERVER_METHODS, 'Cache-Control': 'no-store' }, body: '' };
    return short(400, 'Bad Request: the asterisk-form target is for OPTIONS only.');
  }
  if (!target.startsWith('/')) {
    let url;
    try {
      url = new URL(target);
    } catch {
      return short(400, 'Bad Request: the request target is not a path.');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) return short(400, 'Bad Request: the request target is not a path.');
    req.headers.host = url.host;
    req.url = `${url.pathname}${url.search}`;
  }
  const query = req.url.indexOf('?');
  const pathname = query < 0 ? req.url : req.url.slice(0, query);
  const decodable = decodablePath(pathname);
  if (decodable !== pathname) req.url = decodable + (query < 0 ? '' : req.url.slice(query));
  return null;
}

/**
 * Bounds the body while it streams: past `limit` bytes the request body ends (the app
 * sees limit + 1 bytes and refuses it) and the rest is dropped as it arrives, never
 * stored. Next buffers a request body for its proxy and waits for its end before the
 * route runs; ending it early lets the route answer while the client is still sending.
 */
export function limitBody(req, limit) {
  const push = req.push;
  let seen = 0;
  let ended = false;
  req.push = function (chunk, encoding) {
    if (ended) return true;
    if (chunk === null) {
      ended = true;
      return push.call(this, null);
    }
    const size = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length;
    if (seen + size <= limit) {
      seen += size;
      return push.call(this, chunk, encoding);
    }
    const room = limit + 1 - seen;
    seen = limit + 1;
    ended = true;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    push.call(this, buffer.subarray(0, room));
    // Marked complete: a reader that ends here (and destroys the stream, as `for await`
    // does) must not abort the connection, which stays open to drop the rest and to
    // carry the answer. Marked dumped: Node's HTTP parser then drops the rest of the body
    // itself instead of pushing it (Next replaces the request's stream methods, this
    // override included, once its copy of the body has ended).
    this.complete = true;
    this._dumped = true;
    push.call(this, null);
    return true;
  };
}

/** The answer of screenRequest on the response. */
export function sendScreened(res, answer, method) {
  const body = method === 'HEAD' ? '' : answer.body;
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
