import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { bodyLimitFor, decodablePath, guardBody, screenRequest } from './raw-request.mjs';

function incoming(method: string, url: string, rawHeaders: string[] = ['Host', 'aurora.localhost']): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.rawHeaders = rawHeaders;
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] ??= rawHeaders[i + 1]!;
  return req;
}

describe('decodablePath', () => {
  test.each([
    ['/api/public/v1/events/%ff', '/api/public/v1/events/%25ff'],
    ['/api/public/v1/events/%', '/api/public/v1/events/%25'],
    ['/eventos/%C3%A9%ff/x', '/eventos/%25C3%25A9%25ff/x'],
    ['/eventos/%e9', '/eventos/%25e9'],
  ])('%s → %s', (path, expected) => {
    expect(decodablePath(path)).toBe(expected);
    expect(() => decodeURIComponent(decodablePath(path))).not.toThrow();
  });

  test.each(['/', '/eventos/forr%C3%B3-1', '/a%2Fb', '/%25ff', '/events/%20'])('%s decodes and is left alone', (path) => {
    expect(decodablePath(path)).toBe(path);
  });
});

describe('screenRequest', () => {
  test('two Host headers: 400, whatever their case', () => {
    expect(screenRequest(incoming('GET', '/', ['Host', 'a', 'host', 'b']))?.status).toBe(400);
    expect(screenRequest(incoming('GET', '/', ['Host', 'a']))).toBeNull();
  });

  test('asterisk-form: OPTIONS gets the server methods, any other method a 400', () => {
    expect(screenRequest(incoming('OPTIONS', '*'))).toMatchObject({ status: 204, headers: { Allow: 'GET, HEAD, POST, OPTIONS' } });
    expect(screenRequest(incoming('GET', '*'))?.status).toBe(400);
  });

  test('absolute-form: the target host becomes Host, the URL its path and query', () => {
    const req = incoming('GET', 'http://evil.example/api/public/v1/events/?page=2');
    expect(screenRequest(req)).toBeNull();
    expect(req.url).toBe('/api/public/v1/events/?page=2');
    expect(req.headers.host).toBe('evil.example');
    const bad = incoming('GET', 'http://evil.example/%ff?q=%ff');
    expect(screenRequest(bad)).toBeNull();
    expect(bad.url).toBe('/%25ff?q=%ff');
  });

  test('targets that are neither a path nor an http(s) URL: 400', () => {
    for (const url of ['evil.example:80', 'mailto:x@y', 'javascript:alert(1)', 'http://', 'x']) expect(screenRequest(incoming('GET', url))?.status, url).toBe(400);
  });
});

describe('guardBody', () => {
  const MARKER = 'x-test-oversized';
  const guarded = (req: IncomingMessage, limit = 10) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = true;
    const calls: boolean[] = [];
    guardBody(req, res, limit, MARKER, (oversized) => calls.push(oversized));
    return { res, calls };
  };
  const bodyOf = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString();
  };

  test('no body, or a Content-Length within the limit: goes on at once, untouched', () => {
    for (const headers of [['Host', 'a'], ['Host', 'a', 'Content-Length', '10']]) {
      const req = incoming('POST', '/a2a', headers);
      const { res, calls } = guarded(req);
      expect(calls).toEqual([false]);
      expect(req.headers[MARKER]).toBeUndefined();
      expect(res.shouldKeepAlive).toBe(true);
    }
  });

  test("a Content-Length past the limit: refused before a byte is read, the body empty, the connection to close", async () => {
    const req = incoming('POST', '/a2a', ['Host', 'a', 'Content-Length', '11']);
    const { res, calls } = guarded(req);
    expect(calls).toEqual([true]);
    expect(req.headers[MARKER]).toBe('10');
    expect(req.headers['content-length']).toBe('0');
    expect(res.shouldKeepAlive).toBe(false);
    expect((req as IncomingMessage & { _dumped: boolean })._dumped).toBe(true);
    expect(await bodyOf(req)).toBe('');
  });

  test('a chunked body within the limit is held until it ends, then passed on whole', async () => {
    const req = incoming('POST', '/a2a', ['Host', 'a', 'Transfer-Encoding', 'chunked']);
    const { calls } = guarded(req);
    req.push(Buffer.from('01234'));
    req.push('56789', 'utf8');
    await new Promise((r) => process.nextTick(r));
    expect(calls).toEqual([]);
    req.push(null);
    await new Promise((r) => process.nextTick(r));
    expect(calls).toEqual([false]);
    expect(req.headers[MARKER]).toBeUndefined();
    expect(await bodyOf(req)).toBe('0123456789');
  });

  test('a chunked body past the limit: refused as soon as it passes it, nothing of it passed on', async () => {
    const req = incoming('POST', '/a2a', ['Host', 'a', 'Transfer-Encoding', 'chunked']);
    const { res, calls } = guarded(req);
    req.push(Buffer.from('0123456'));
    req.push(Buffer.from('7890'));
    await new Promise((r) => process.nextTick(r));
    expect(calls).toEqual([true]);
    expect(req.headers[MARKER]).toBe('10');
    expect(req.headers['transfer-encoding']).toBeUndefined();
    expect(req.headers['content-length']).toBe('0');
    expect(res.shouldKeepAlive).toBe(false);
    expect(await bodyOf(req)).toBe('');
  });

  test("a client's own marker is removed", () => {
    const req = incoming('POST', '/a2a', ['Host', 'a', 'X-Test-Oversized', '1']);
    expect(guarded(req).calls).toEqual([false]);
    expect(req.headers[MARKER]).toBeUndefined();
  });

  test('limits by path', () => {
    expect(bodyLimitFor('/api/public/v1/agent/identity?x=1')).toBe(16 * 1024);
    expect(bodyLimitFor('/mcp')).toBe(64 * 1024);
    expect(bodyLimitFor('/a2a')).toBe(64 * 1024);
    expect(bodyLimitFor('/')).toBe(16 * 1024);
  });
});
