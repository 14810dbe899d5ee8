import type { Brand } from '../brand/schema';
import { categoryBySlug } from '../catalog/categories';
import { ALL_FILTERS } from '../catalog/filters';
import type { FilterOptions, } from '../catalog/filters/options';
import type { NaturalContext } from '../catalog/filters/declaration';
import { eventCount } from '../catalog/listing/count-text';
import { wayLabel, waysOut, type WayOut } from '../catalog/listing/ways-out';
import { rawWords, fold } from '../catalog/search/search-terms';

// The agent's ways out of an empty answer: the site's (lib/catalog/listing/ways-out.ts),
// each with its count and the request to send instead, in the person's own words with the
// part the way changes taken out or put in.

/** The request without the words of `cut` (folded words), in the person's spelling. */
function withoutWords(text: string, cut: ReadonlySet<string>): string {
  const kept = text.split(/\s+/).filter((w) => {
    const words = rawWords(w).map(fold);
    return words.length === 0 || !words.every((x) => cut.has(x));
  });
  return kept.join(' ').replace(/\s+/g, ' ').trim();
}

/** The words a filter read from the request (folded), or null when it read none. */
function wordsOf(filterName: string, text: string, ctx: NaturalContext): Set<string> | null {
  const filter = ALL_FILTERS.find((f) => f.name === filterName);
  const folded = fold(text).replace(/\s+/g, ' ').trim();
  const said = filter?.natural?.(folded, ctx);
  if (!said) return null;
  const left = new Set(rawWords(said.rest));
  return new Set(rawWords(folded).filter((w) => !left.has(w)));
}

/** The request that asks for a way, or null when words cannot say it. */
function request(way: WayOut, text: string, q: string, ctx: NaturalContext): string | null {
  const drop = (name: string) => {
    const words = wordsOf(name, text, ctx);
    return words ? withoutWords(text, words) : null;
  };
  switch (way.kind) {
    case 'without':
      return way.filter ? drop(way.filter.name) : withoutWords(text, new Set(rawWords(q).map(fold)));
    case 'only_words':
      return q || null;
    case 'later': {
      const rest = drop('dates');
      return rest === null ? null : `${rest} de ${way.from} a ${way.to}`.trim();
    }
    case 'other_city': {
      const rest = drop('city');
      return rest === null ? null : `${rest} em ${way.city}`.trim();
    }
    case 'category':
      return categoryBySlug(way.slug)?.label ?? null;
    case 'city':
      return `eventos em ${way.city}`;
  }
}

/** Lines of Markdown text (not yet escaped) that offer the ways out of an empty answer to `text`. */
export async function waysOutLines(brand: Brand, text: string, params: URLSearchParams, options: FilterOptions, ctx: NaturalContext, now: Date): Promise<string[]> {
  const q = params.get('q') ?? '';
  const ways = await waysOut(brand, params, options, now);
  return ways.flatMap((way) => {
    const ask = request(way, text, q, ctx);
    return ask ? [`${wayLabel(way, q)} (${eventCount(way.count)}): peça "${ask}"`] : [];
  });
}
