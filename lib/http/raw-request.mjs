// The request as it arrives on the socket, screened by server.mjs before Next sees it:
// request-target forms that Next cannot route (asterisk-form, absolute-form), a second
// Host header, percent-encoding that does not decode, and bodies past their limit.
// Plain JavaScript: server.mjs runs outside the Next bundles.
import { AsyncResource } from 'node:async_hooks';

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
 * Holds a request until its body is known to fit its limit, then calls `proceed(oversized)`
 * once. A body is passed on whole or not at all: a request that goes on to the app (and
 * may be forwarded by a rewrite) always carries exactly the body its framing announces.
 * - No body, or a Content-Length within the limit: at once (the parser never delivers more
 *   than the length announced).
 * - A Content-Length past the limit: at once, as oversized, before a byte is read.
 * - A chunked body: held in memory (at most `limit` bytes) until it ends, then passed on
 *   as it came; past the limit, oversized at once, without waiting for the rest.
 * An oversized request reaches the app with an empty body, `Content-Length: 0`, and
 * `marker` set to the limit, for the app to answer 413; what the client still sends is
 * dropped as it arrives, and the connection closes after that answer, so no byte of the
 * refused body is ever read as the start of another request.
 */
export function guardBody(req, res, limit, marker, proceed) {
  delete req.headers[marker];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const declared = req.headers['content-length'];
  if (!chunked) {
    if (declared === undefined || Number(declared) <= limit) return proceed(false);
    refuse(req, res, limit, marker);
    return proceed(true);
  }
  // Resumed from the parser's callback: in the request's own async context.
  const resume = AsyncResource.bind(proceed);
  const push = req.push;
  let held = [];
  let seen = 0;
  req.push = function (chunk, encoding) {
    if (chunk === null) {
      req.push = push;
      for (const buffer of held) push.call(this, buffer);
      held = [];
      push.call(this, null);
      process.nextTick(resume, false);
      return true;
    }
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    seen += buffer.length;
    if (seen <= limit) {
      held.push(buffer);
      return true;
    }
    held = [];
    req.push = push;
    refuse(req, res, limit, marker);
    process.nextTick(resume, true);
    return true;
  };
}

function refuse(req, res, limit, marker) {
  req.headers[marker] = String(limit);
  req.headers['content-length'] = '0';
  delete req.headers['transfer-encoding'];
  // Node's HTTP parser drops the rest of a body marked dumped instead of pushing it; marked
  // complete, a reader that ends here does not abort the connection that carries the answer.
  req.complete = true;
  req._dumped = true;
  req.push(null);
  // The answer says `Connection: close` and the socket ends after it.
  res.shouldKeepAlive = false;
}

/** The answer of screenRequest on the response. */
export function sendScreened(res, answer, method) {
  const body = method === 'HEAD' ? '' : answer.body;
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
