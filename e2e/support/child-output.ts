import type { Readable } from 'node:stream';

/**
 * What a child process writes on one stream, read from now on and kept whole: `text()`
 * so far, and `match(pattern)` once the text holds it (at once if it already does).
 */
export function childOutput(stream: Readable): { text: () => string; match: (pattern: RegExp) => Promise<RegExpMatchArray> } {
  let text = '';
  const waiting = new Set<() => void>();
  stream.on('data', (chunk) => {
    text += chunk;
    for (const look of [...waiting]) look();
  });
  return {
    text: () => text,
    match: (pattern) =>
      new Promise((resolve) => {
        const look = () => {
          const found = pattern.exec(text);
          if (!found) return;
          waiting.delete(look);
          resolve(found);
        };
        waiting.add(look);
        look();
      }),
  };
}
