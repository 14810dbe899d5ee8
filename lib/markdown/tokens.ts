import { clearMergeCache, countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The o200k token count of a Markdown answer (the x-markdown-tokens header).
 *
 * gpt-tokenizer keeps a process-wide cache of up to 100,000 word pieces. A piece of 13
 * characters or more is a V8 sliced string that keeps the whole text it was cut from, so
 * every answer with a piece never seen before (an event's URL, a new name) stayed in
 * memory for good. The cache is emptied after each count: it still serves the repeated
 * words within one text, which is where its speed comes from (about the same time per
 * count), and nothing of a text outlives its count.
 */
export function tokenCount(text: string): number {
  try {
    return countTokens(text);
  } finally {
    clearMergeCache();
  }
}
