import type { EventList } from '../public-schema';

// How many events matched, in Portuguese words, for every format that writes it (the
// site and its Markdown, A2A). A count that reached its cap is a lower bound and reads
// as one: "1.020+ eventos", never an estimate dressed as a number.

const number = new Intl.NumberFormat('pt-BR');

/** "1 evento", "12 eventos", "1.020+ eventos". */
export function eventCount(meta: Pick<EventList['meta'], 'total' | 'total_relation'>): string {
  const noun = meta.total === 1 && meta.total_relation === 'eq' ? 'evento' : 'eventos';
  return `${number.format(meta.total)}${meta.total_relation === 'gte' ? '+' : ''} ${noun}`;
}

/** The same in a sentence: "1 evento", "12 eventos", "mais de 1.000 eventos" (whole thousands or hundreds). */
export function eventCountWords(meta: Pick<EventList['meta'], 'total' | 'total_relation'>): string {
  if (meta.total_relation === 'eq') return eventCount(meta);
  const step = meta.total >= 1000 ? 1000 : 100;
  const floor = Math.floor(meta.total / step) * step;
  return floor > 0 && floor < meta.total ? `mais de ${number.format(floor)} eventos` : `${number.format(meta.total)} eventos ou mais`;
}

/** "forró", "forró e Recife", "curso, fotografia e online". */
function listed(words: string[]): string {
  const quoted = words.map((w) => `“${w}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} e ${quoted.at(-1)}`;
}

/** What a search says when no event has all its words together (see SearchResult.unmatched). */
export function unmatchedSentence(words: string[]): string {
  return `Nenhum evento tem ${listed(words)} juntos: abaixo, os que têm parte dessas palavras.`;
}
