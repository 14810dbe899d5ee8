import { describe, expect, test } from 'vitest';
import { inRenderScope, PageNotFound, pageNotFound, perRender, renderScope } from './render-scope';

describe('a render scope', () => {
  test('holds the Host of the page it renders, and nothing outside it', async () => {
    expect(renderScope()).toBeUndefined();
    expect(await inRenderScope('mare.localhost', async () => renderScope()?.host)).toBe('mare.localhost');
  });

  test('perRender reads once per scope and arguments, and again in another scope', async () => {
    let reads = 0;
    const read = perRender(async (slug: string) => `${slug}:${++reads}`);
    const first = await inRenderScope('a', async () => [await read('x'), await read('x'), await read('y')]);
    expect(first).toEqual(['x:1', 'x:1', 'y:2']);
    expect(await inRenderScope('a', () => read('x'))).toBe('x:3');
  });

  test("pageNotFound is the scope's own signal inside it", async () => {
    await expect(inRenderScope('a', async () => pageNotFound())).rejects.toBeInstanceOf(PageNotFound);
  });
});
