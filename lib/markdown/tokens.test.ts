import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { clearMergeCache, countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { TOKEN_CACHE_CHARACTERS, tokenCount } from './tokens';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retained = () => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
};

// A word of letters only, as long as an unusual name: the tokenizer keeps it as one piece.
const word = (n: number) => `festivalzinho${[...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
// Texts of 256 KiB, each with long words no other text has (as an event's name or URL).
const text = (n: number) =>
  Array.from({ length: 3_000 }, (_, i) => `Forró em Recife: ${word(n * 10_000 + i)}`).join('\n').padEnd(256 * 1024, ' .');

describe('token count', () => {
  test('is the o200k count of the text', () => {
    const sample = '# Forró em Recife\n\n| Setor | Lote | Preço |\n|---|---|---|\n| Pista | 1º | R$ 120,00 |\n';
    expect(tokenCount(sample)).toBe(countTokens(sample));
    expect(tokenCount(text(1))).toBe(countTokens(text(1)));
  });

  test('keeps at most TOKEN_CACHE_CHARACTERS of the texts it counted', () => {
    const before = retained();
    for (let n = 0; n < 30; n++) tokenCount(text(n));
    const grown = retained() - before;
    // 30 texts of 256 KiB characters are 15 MiB as two-byte strings: the tokenizer's own
    // cache keeps them all; counted here, what is left is at most the bound's worth of
    // two-byte text, with room for the cache's own entries.
    expect(TOKEN_CACHE_CHARACTERS * 2).toBeLessThanOrEqual(2 * 2 ** 20);
    expect(grown).toBeLessThan(TOKEN_CACHE_CHARACTERS * 2 + 2 * 2 ** 20);
  });

  test('counts the same whatever the texts counted before it', () => {
    const sample = `# ${word(7)}\n\n[${word(7)}](https://aurora.example/eventos/${word(7)})\n`;
    const alone = countTokens(sample);
    for (let n = 0; n < 5; n++) expect(tokenCount(text(2_000 + n))).toBe(countTokens(text(2_000 + n)));
    expect(tokenCount(sample)).toBe(alone);
    expect(tokenCount(sample)).toBe(alone);
  });

  test('the tokenizer alone would keep them (what the test above guards against)', () => {
    const before = retained();
    for (let n = 1_000; n < 1_030; n++) countTokens(text(n));
    // Four fifths of the 15 MiB the texts take: what the heap keeps, whatever the machine's load.
    expect(retained() - before).toBeGreaterThan(12 * 2 ** 20);
    clearMergeCache();
  });
});
