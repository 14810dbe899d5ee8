import { describe, expect, test } from 'vitest';
import { BodyTooLargeError, jsonDepth, parseBoundedJson, readBoundedText } from './body';

const streamed = (parts: string[], headers: Record<string, string> = {}) => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= parts.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(parts[pulled++]));
    },
  });
  const request = new Request('http://x.example/a2a', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { request, pulled: () => pulled };
};

describe('readBoundedText', () => {
  test('reads a body within the limit', async () => {
    expect(await readBoundedText(streamed(['ab', 'cd']).request, 4)).toBe('abcd');
  });

  test('stops at the first chunk past the limit, without reading the rest', async () => {
    const s = streamed(['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee']);
    await expect(readBoundedText(s.request, 6)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(s.pulled()).toBeLessThanOrEqual(3);
  });

  test('a Content-Length above the limit is refused before reading', async () => {
    const s = streamed(['x'], { 'content-length': '999999' });
    await expect(readBoundedText(s.request, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(s.pulled()).toBeLessThanOrEqual(1); // the stream's own first pull, never a read
  });

  test('a stream past the limit is refused even when Content-Length understates it', async () => {
    await expect(readBoundedText(streamed(['aaaa', 'bbbb'], { 'content-length': '2' }).request, 6)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});

describe('JSON depth', () => {
  test.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['"[[[[["', 0],
    ['["\\"[[["]', 1],
    ['[[[]],[[[]]]]', 4],
  ])('%s has depth %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  test('deep documents are refused before parsing; shallow ones parse', () => {
    expect(parseBoundedJson('['.repeat(100_000) + ']'.repeat(100_000))).toEqual({ ok: false, reason: 'depth' });
    expect(parseBoundedJson('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toEqual({ ok: false, reason: 'depth' });
    expect(parseBoundedJson('{"a":'.repeat(32) + '1' + '}'.repeat(32)).ok).toBe(true);
    expect(parseBoundedJson('{"a":')).toEqual({ ok: false, reason: 'syntax' });
  });
});
