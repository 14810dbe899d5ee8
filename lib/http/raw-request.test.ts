import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { bodyLimitFor, decodablePath, limitBody, screenRequest } from './raw-request.mjs';

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

describe('limitBody', () => {
  test('the body ends one byte past the limit, and what follows is dropped', async () => {
    const req = incoming('POST', '/a2a');
    limitBody(req, 10);
    req.push(Buffer.from('12345'));
    req.push(Buffer.from('67890abc'));
    req.push(Buffer.from('more and more'));
    req.push(null);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('1234567890a');
  });

  test('a body within the limit passes whole', async () => {
    const req = incoming('POST', '/a2a');
    limitBody(req, 10);
    req.push(Buffer.from('0123456789'));
    req.push(null);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('0123456789');
  });

  test('limits by path', () => {
    expect(bodyLimitFor('/api/public/v1/agent/identity?x=1')).toBe(16 * 1024);
    expect(bodyLimitFor('/mcp')).toBe(64 * 1024);
    expect(bodyLimitFor('/a2a')).toBe(64 * 1024);
    expect(bodyLimitFor('/')).toBe(16 * 1024);
  });
});
