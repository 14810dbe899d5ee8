// A public page that no cache holds is rendered by the client's own request: the proxy
// lets it through to the page route marked with CAPTURE_HEADER (lib/site/page-capture.ts).
// Here, the route's answer is kept back as it is written, handed to the function the page
// cache registered under CAPTURE_HOOK, and what that returns (the stored page: no client
// runtime, its CSP, the public Cache-Control) is sent instead, compressed as the framework
// would have. Plain JavaScript: server.mjs runs outside Next's bundles.
import { deflateSync, gzipSync } from 'node:zlib';
import { CAPTURE_HEADER, CAPTURE_HOOK } from './markers.mjs';

// Headers of the route's own answer that the stored page and the proxy's headers replace:
// the framework's Vary (its client router's headers), Cache-Control (no-store), Link (a
// preload of the stylesheet, which the stored page holds inside), the length of the text it
// wrote, and its own x-nextjs-* notes. The headers of next.config.mjs stay, as on any answer.
const ROUTE_HEADERS = ['cache-control', 'content-type', 'content-length', 'vary', 'link'];
const ROUTE_PREFIX = 'x-nextjs-';
/** Under this many bytes a body is sent as it is (the framework's compression threshold). */
const COMPRESS_THRESHOLD = 1024;

/** The encoding the framework's compression would choose: gzip, else deflate, else none. */
export function chosenEncoding(acceptEncoding) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const acceptable = (name) => (accepted.has(name) ? accepted.get(name) : (accepted.get('*') ?? 0)) > 0;
  if (acceptable('gzip')) return 'gzip';
  if (acceptable('deflate')) return 'deflate';
  return undefined;
}

const hook = () => globalThis[CAPTURE_HOOK];

/**
 * Wraps a response so that, when the proxy marked it for capture, the route's answer is kept
 * back and the stored page goes out instead. `unavailable` answers the site's 503 page.
 * Installed before the framework's compression, which then hands it the plain text: the
 * proxy took Accept-Encoding off the request it let through.
 */
export function captureAnswer(req, res, unavailable) {
  const acceptEncoding = req.headers['accept-encoding'];
  const { writeHead, write, end, flushHeaders } = res;
  let capture; // { id, status, chunks }
  let settled = false;
  const markedId = () => {
    const id = res.getHeader(CAPTURE_HEADER);
    return id === undefined ? undefined : String(id);
  };
  res.writeHead = function (status, ...rest) {
    if (capture) return this;
    const id = markedId();
    if (id === undefined) return writeHead.call(this, status, ...rest);
    res.removeHeader(CAPTURE_HEADER);
    const headers = rest.find((a) => a && typeof a === 'object');
    if (headers) for (const [name, value] of Array.isArray(headers) ? pairs(headers) : Object.entries(headers)) res.setHeader(name, value);
    // A failed render (the 503 page, server.mjs) or a body already encoded is no page to store.
    if (status === 500 || res.getHeader('content-encoding') || !hook()) {
      settled = true;
      hook()?.failed(id);
      return writeHead.call(this, status, ...rest.filter((a) => a !== headers));
    }
    capture = { id, status, chunks: [] };
    return this;
  };
  // The head goes first through writeHead above, which decides whether this answer is kept back.
  const decide = (r) => {
    if (!capture && !settled && !r._header && markedId() !== undefined) r._implicitHeader();
  };
  // Next flushes the head before the first chunk of a page: a kept-back answer has none to send yet.
  res.flushHeaders = function () {
    decide(this);
    if (!capture) flushHeaders.call(this);
  };
  res.write = function (chunk, encoding, callback) {
    decide(this);
    if (!capture) return write.call(this, chunk, encoding, callback);
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk != null) capture.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
    if (callback) process.nextTick(callback);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    decide(this);
    if (!capture) return end.call(this, chunk, encoding, callback);
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk != null) capture.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
    const { id, status, chunks } = capture;
    capture = undefined;
    settled = true;
    const headers = {};
    for (const [name, value] of Object.entries(res.getHeaders())) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    hook()
      .done(id, { status, headers, body: Buffer.concat(chunks).toString('utf8') })
      .then(
        (page) => send(page),
        () => {
          unavailable(res);
          res.end();
        },
      )
      .finally(() => callback?.());
    return this;
  };
  // A render that never answered (the client went away) leaves no one waiting.
  res.once('close', () => {
    const id = capture?.id ?? markedId();
    if (!settled && id !== undefined) hook()?.failed(id);
    settled = true;
  });

  function send(page) {
    for (const name of res.getHeaderNames()) if (ROUTE_HEADERS.includes(name) || name.startsWith(ROUTE_PREFIX) || name in page.headers) res.removeHeader(name);
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    let body = Buffer.from(page.body, 'utf8');
    if (/^text\//i.test(page.headers['content-type'] ?? '')) {
      res.setHeader('Vary', 'Accept-Encoding');
      const encoding = body.length >= COMPRESS_THRESHOLD ? chosenEncoding(acceptEncoding) : undefined;
      if (encoding) {
        body = encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
        res.setHeader('Content-Encoding', encoding);
      }
    }
    res.statusCode = page.status;
    writeHead.call(res, page.status);
    end.call(res, body);
  }
}

function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
