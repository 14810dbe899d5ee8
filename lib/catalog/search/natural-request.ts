import { localToday, monthRange, nextDate, nextWeekday, relativeRange, type DateWish, type RelativeDay } from './relative-dates';
import { fold } from './search-terms';

// Dates and prices in people's words ("forró neste fim de semana", "samba até 100
// reais"): what is not a filter stays search text. The site, MCP and A2A read them through
// the filters' declarations (lib/catalog/filters).

const RELATIVE_PHRASES: ReadonlyArray<[RelativeDay, RegExp]> = [
  ['this_weekend', /\b(?:(?:n?est[ea]|nesse|no|neste|this|on the)\s+)?(?:fim de semana|final de semana|fds|weekend)\b/],
  ['next_7_days', /\b(?:(?:n?os\s+)?proximos\s+(?:7|sete)\s+dias|(?:n?esta|nessa)\s+semana|(?:the\s+)?next\s+(?:7|seven)\s+days|this\s+week)\b/],
  ['tomorrow', /\b(?:amanha|tomorrow)(?:\s+(?:a noite|night))?\b/],
  ['today', /\b(?:hoje(?:\s+a\s+noite)?|today|tonight)\b/],
];

const MONTHS = 'janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';
const MONTHS_EN = 'january|february|march|april|may|june|july|august|september|october|november|december';
const monthNumber = (name: string) => {
  const i = MONTHS.split('|').indexOf(name);
  return (i >= 0 ? i : MONTHS_EN.split('|').indexOf(name)) + 1;
};
const WEEKDAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];
const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

// "até 20 de dezembro", "no dia 12 de dezembro", "12 de dezembro": one day, or up to it.
const DAY_OF_MONTH = new RegExp(`\\b(ate\\s+(?:o\\s+)?)?(?:(?:n?o\\s+)?dia\\s+)?(\\d{1,2})\\s+de\\s+(${MONTHS})\\b`);
// "dia 12", "no dia 12": the coming 12th.
const DAY = /\b(ate\s+(?:o\s+)?)?(?:n?o\s+)?dia\s+(\d{1,2})\b/;
// "em dezembro", "no mês de dezembro", "in december": the coming month.
const MONTH = new RegExp(`\\b(?:em|durante|no mes de|para|pra|in|during)\\s+(${MONTHS}|${MONTHS_EN})\\b`);
// "sábado", "no sábado", "nesta sexta-feira", "on saturday": the coming one, today included.
const WEEKDAY = new RegExp(
  `\\b(?:(?:n?[oa]|n?est[ea]|nesse|nessa|proxim[oa]|this|on|next)\\s+)?(${WEEKDAYS.join('|')}|${WEEKDAYS_EN.join('|')})(?:(?:-|\\s)feira)?\\b`,
);

// "de 2026-12-01 a 2026-12-05", "from 2026-12-01 to 2026-12-05": a period as agents write it.
const ISO_RANGE = /\b(?:de|from|entre)\s+(\d{4}-\d{2}-\d{2})\s+(?:a|ate|to|e|and|until)\s+(\d{4}-\d{2}-\d{2})\b/;
const isoDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
};

const cut = (text: string, match: RegExpExecArray) => `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;

/**
 * A date in the words of a request (folded), and the request without it: "hoje",
 * "amanhã", "este fim de semana", "próximos 7 dias", a weekday ("sábado"), a day
 * ("dia 12", "12 de dezembro", "até 20 de dezembro"), a month ("em dezembro"), a period
 * written as agents write it ("de 2026-12-01 a 2026-12-05"). The
 * first one found is the filter; days and months are the coming ones in `timeZone`.
 */
export function readDateWords(folded: string, now: Date, timeZone: string): { rest: string; when: DateWish | null } {
  const text = ` ${folded} `;
  const done = (match: RegExpExecArray, when: DateWish | null) =>
    when ? { rest: cut(text, match).replace(/\s+/g, ' ').trim(), when } : { rest: folded.trim(), when: null };
  const iso = ISO_RANGE.exec(text);
  if (iso && isoDay(iso[1]!) && isoDay(iso[2]!) && iso[1]! <= iso[2]!) return done(iso, { from: iso[1]!, to: iso[2]! });
  for (const [day, pattern] of RELATIVE_PHRASES) {
    const m = pattern.exec(text);
    if (m) return done(m, { day });
  }
  const upTo = (until: string | undefined, date: string | null): DateWish | null =>
    date === null ? null : until ? { from: localToday(now, timeZone), to: date } : { from: date, to: date };
  const dm = DAY_OF_MONTH.exec(text);
  if (dm) return done(dm, upTo(dm[1], nextDate(Number(dm[2]), monthNumber(dm[3]!), now, timeZone)));
  const d = DAY.exec(text);
  if (d) return done(d, upTo(d[1], nextDate(Number(d[2]), null, now, timeZone)));
  const m = MONTH.exec(text);
  if (m) return done(m, monthRange(monthNumber(m[1]!), now, timeZone));
  const w = WEEKDAY.exec(text);
  if (w) {
    const i = Math.max(WEEKDAYS.indexOf(w[1]!), WEEKDAYS_EN.indexOf(w[1]!));
    const date = nextWeekday(i, now, timeZone);
    return done(w, { from: date, to: date });
  }
  return { rest: folded.trim(), when: null };
}

/**
 * A date said in `q` ("neste fim de semana", "sábado", "em dezembro") becomes the
 * catalog's date filter (date_from, date_to) and leaves `q`; returns what was read.
 */
export function dateWordsToFilter(params: URLSearchParams, now: Date, timeZone: string): { from: string; to: string } | null {
  const q = params.get('q');
  const said = q ? readDateWords(fold(q), now, timeZone) : null;
  if (!said?.when) return null;
  const range = 'day' in said.when ? relativeRange(said.when.day, now, timeZone) : said.when;
  params.set('q', said.rest);
  params.set('date_from', range.from);
  params.set('date_to', range.to);
  return range;
}

/** What a request says of price: free, or at most a number of reais (with fees). */
export type PriceWish = { free: true } | { maxBrl: number };

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
