import type { FilterOptions } from './filters';
import type { RelativeDay } from './relative-dates';
import { fold } from './search-terms';

// A request in people's words ("forró em Recife neste fim de semana", "jazz perto de São
// Paulo") read into a search text and the filters it names: a relative date and a city to
// search around. What is not a filter stays search text.

const DATE_PHRASES: ReadonlyArray<[RelativeDay, RegExp]> = [
  ['this_weekend', /\b(?:(?:n?est[ea]|nesse|no|neste|this|on the)\s+)?(?:fim de semana|final de semana|fds|weekend)\b/],
  ['next_7_days', /\b(?:(?:n?os\s+)?proximos\s+(?:7|sete)\s+dias|(?:n?esta|nessa)\s+semana|(?:the\s+)?next\s+(?:7|seven)\s+days|this\s+week)\b/],
  ['tomorrow', /\b(?:amanha|tomorrow)(?:\s+(?:a noite|night))?\b/],
  ['today', /\b(?:hoje(?:\s+a\s+noite)?|today|tonight)\b/],
];

const NEAR = /\b(?:perto\s+d[eoa]s?|proximo\s+(?:a|de|do|da)|nos arredores de|near|around|close to|nearby)\s+(.+)$/;

/** What a request says of price: free, or at most a number of reais (with fees). */
export type PriceWish = { free: true } | { maxBrl: number };

export type NaturalRequest = {
  q: string;
  when: RelativeDay | null;
  nearCity: { city: string; lat: number; lng: number } | null;
  price: PriceWish | null;
};

// "grátis", "de graça", "gratuito", "free"; "até 50 reais", "até R$ 50", "no máximo 100",
// "menos de 80 reais", "under 50", "up to R$ 30,00" (on folded text: no accents).
const FREE = /\b(?:gratis|gratuit[oa]s?|de graca|na faixa|free|sem custo)\b/;
const MAX_PRICE = /\b(?:ate|no maximo|menos de|abaixo de|por ate|under|up to|below|less than)\s+(?:r\$\s*|brl\s*)?(\d{1,6})(?:[.,]\d{1,2})?(?:\s*(?:reais|real|conto|contos|brl|r\$))?(?=\s|$)/;
const MONEY = /\b(?:reais|real|contos?|brl)\b|r\$/;

/**
 * A price in the words of a request, and the request without them. A number after "até"
 * is a price only with a currency ("até 50 reais", "até R$ 50") or alone with nothing
 * after it ("até 50"): "até 20 de dezembro" stays text.
 */
export function readPriceWords(folded: string): { rest: string; price: PriceWish | null } {
  let rest = ` ${folded} `;
  const max = MAX_PRICE.exec(rest);
  if (max && (MONEY.test(max[0]) || rest.slice(max.index + max[0].length).trim() === '')) {
    rest = `${rest.slice(0, max.index)} ${rest.slice(max.index + max[0].length)}`;
    const brl = Number(max[1]);
    return { rest: rest.replace(/\s+/g, ' ').trim(), price: brl === 0 ? { free: true } : { maxBrl: brl } };
  }
  if (FREE.test(rest)) return { rest: rest.replace(FREE, ' ').replace(/\s+/g, ' ').trim(), price: { free: true } };
  return { rest: folded.trim(), price: null };
}

/** The catalog's filter for a price wish: `free=true`, or `price_max` in reais. */
export function setPriceFilter(params: URLSearchParams, wish: PriceWish): void {
  if ('free' in wish) params.set('free', 'true');
  else params.set('price_max', String(wish.maxBrl));
}

/** A price said in `q` ("até 50 reais", "grátis") becomes the catalog's price filter, and leaves `q`. */
export function priceWordsToFilter(params: URLSearchParams): void {
  const q = params.get('q');
  const said = q ? readPriceWords(fold(q)) : null;
  if (!said?.price) return;
  params.set('q', said.rest);
  setPriceFilter(params, said.price);
}

export function readNaturalRequest(text: string, cities: FilterOptions['cities']): NaturalRequest {
  let rest = ` ${fold(text).replace(/\s+/g, ' ')} `;
  let when: RelativeDay | null = null;
  for (const [day, pattern] of DATE_PHRASES) {
    if (when === null && pattern.test(rest)) {
      when = day;
      rest = rest.replace(pattern, ' ');
    }
  }
  let nearCity: NaturalRequest['nearCity'] = null;
  const near = NEAR.exec(rest);
  if (near) {
    const after = near[1]!.replace(/[^\p{L}\p{N} ]/gu, ' ').trim();
    // The longest known city at the start of what follows "perto de".
    const known = cities
      .filter((c) => c.lat !== null && c.lng !== null && (after === fold(c.city) || after.startsWith(`${fold(c.city)} `)))
      .sort((a, b) => b.city.length - a.city.length)[0];
    if (known) {
      nearCity = { city: known.city, lat: known.lat!, lng: known.lng! };
      rest = `${rest.slice(0, near.index)} ${after.slice(fold(known.city).length)}`;
    }
  }
  const { rest: words, price } = readPriceWords(rest.replace(/\s+/g, ' ').trim());
  return { q: words, when, nearCity, price };
}
