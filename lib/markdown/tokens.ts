import { clearMergeCache, countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Characters counted between two emptyings of the tokenizer's cache: about a hundred event
 * pages, so that the words pages share (labels, places, dates, the brand's links) are
 * merged once for all of them, and at most this much text (1 MiB as two-byte strings) is
 * kept by the cache at any time.
 */
export const TOKEN_CACHE_CHARACTERS = 512 * 1024;

let counted = 0;

/**
 * The o200k token count of a Markdown answer (the x-markdown-tokens header).
 *
 * gpt-tokenizer keeps a process-wide cache of up to 100,000 word pieces. A piece of 13
 * characters or more is a V8 sliced string that keeps the whole text it was cut from, so
 * every answer with a piece never seen before (an event's URL, a new name) would stay in
 * memory for as long as the piece stays in the cache. The cache is emptied once the texts
 * counted since it was last emptied reach TOKEN_CACHE_CHARACTERS: what it keeps is bounded
 * by that, and a count still finds most of its pieces merged already (a page's count takes
 * less than half the time it takes with the cache emptied after each text).
 */
export function tokenCount(text: string): number {
  try {
    return countTokens(text);
  } finally {
    counted += text.length;
    if (counted >= TOKEN_CACHE_CHARACTERS) {
      clearMergeCache();
      counted = 0;
    }
  }
}
