import { describe, expect, test } from 'vitest';
import { robotsTxt } from '../discovery/texts';
import { CONTENT_SIGNAL } from '../http/headers';
import { defaultBrand } from '../brand/registry';
import { markdownResponse } from './cache';

describe('Content-Signal on Markdown answers', () => {
  test('the value of robots.txt, on a page and on a missing page, for GET and HEAD', () => {
    const line = robotsTxt(defaultBrand()).split('\n').find((l) => l.startsWith('Content-Signal: '))!;
    expect(line).toBe(`Content-Signal: ${CONTENT_SIGNAL}`);
    for (const status of [200, 404]) {
      for (const method of ['GET', 'HEAD']) {
        const res = markdownResponse({ status, body: '# x\n', tokens: 2 }, method);
        expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
        expect(res.headers.get('content-signal')).toBe(CONTENT_SIGNAL);
      }
    }
  });
});
