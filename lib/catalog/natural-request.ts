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

export type NaturalRequest = { q: string; when: RelativeDay | null; nearCity: { city: string; lat: number; lng: number } | null };

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
  return { q: rest.replace(/\s+/g, ' ').trim(), when, nearCity };
}
