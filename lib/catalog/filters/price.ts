import { z } from 'zod';
import { PRICE_CHOICES_BRL } from '../categories';
import { priceWordsToFilter, readPriceWords, setPriceFilter } from '../search/natural-request';
import { decimal, defineFilter, first } from './declaration';

// The lowest price with fees of a lot on sale: free, or at most a number of reais. Beyond
// the API (its Event shows no prices): the website, MCP and A2A. An event with nothing on
// sale has no lowest price, and passes no price filter.

/** The most a price filter asks for, in reais. */
export const MAX_PRICE_BRL = 100_000;

/** The price bands of the postings (migration 010), in reais: an event is in each band its lowest price fits. */
export const PRICE_BANDS_BRL = [0, 50, 100, 200] as const;

type Price = { free?: boolean; maxPriceCents?: number };

/** The narrowest price band that holds every event a price filter asks for, or null (none, or above every band). */
export function priceBand(v: Price): number | null {
  if (v.free) return 0;
  if (v.maxPriceCents === undefined) return null;
  return PRICE_BANDS_BRL.find((b) => b * 100 >= v.maxPriceCents!) ?? null;
}

/** The price choices of the website's form ("preco"): free, or at most a price with fees in reais. */
export const PRICE_CHIPS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Qualquer preço' },
  { value: 'gratis', label: 'Grátis' },
  ...PRICE_CHOICES_BRL.map((brl) => ({ value: String(brl), label: `Até R$ ${brl}` })),
];

/** A price choice of the form: "gratis" or a whole number of reais (the chips' or one said in words). */
export const isPriceChoice = (value: string): boolean => value === 'gratis' || /^[1-9]\d{0,5}$/.test(value);

export const price = defineFilter<Price>()({
  name: 'price',
  summary: 'Lowest price with fees of a lot on sale: free, or at most a number of reais.',
  api: false,
  params: ['free', 'price_max'],
  problems: {
    invalid_price: {
      title: 'Invalid price',
      about: 'A price filter (beyond the API: the site, MCP and A2A) is not a number of reais within range.',
      when: `Not from the API: a calendar feed's \`price_max\` that is not a number of reais from 0 to ${MAX_PRICE_BRL.toLocaleString('en')}.`,
    },
  },
  read: (params, { fail, prices }) => {
    if (!prices) return {};
    const v: Price = {};
    const free = first(params, 'free');
    if (free === 'true' || free === '1') v.free = true;
    const max = first(params, 'price_max');
    if (max !== undefined) {
      const brl = decimal(max);
      if (brl === null || brl < 0 || brl > MAX_PRICE_BRL) fail('invalid_price', `price_max must be a number of reais from 0 to ${MAX_PRICE_BRL}.`);
      else if (brl === 0) v.free = true;
      else v.maxPriceCents = Math.round(brl * 100);
    }
    return v;
  },
  key: (v) => String(v.free ? 'free' : (v.maxPriceCents ?? '')),
  active: (v) => Boolean(v.free || v.maxPriceCents !== undefined),
  sql: {
    columns: ['min_price_cents'],
    where: (v, add) => (v.free ? ['e.min_price_cents = 0'] : v.maxPriceCents !== undefined ? [`e.min_price_cents <= ${add(v.maxPriceCents)}`] : []),
    // A price above every band has no key to walk: the listing reads it as a filter.
    posting: {
      rank: 5,
      walk: true,
      key: (v, add) => {
        const band = priceBand(v);
        return band === null ? null : add(` $:${band}`);
      },
    },
    // A price that is not a band exactly ("até 80 reais"): a probe of the event's lowest price on sale.
    entry: (v, add) => {
      if (v.free || v.maxPriceCents === undefined) return [];
      if (PRICE_BANDS_BRL.some((b) => b * 100 === v.maxPriceCents)) return [];
      return [`EXISTS (SELECT 1 FROM events x WHERE x.id = p.event_id AND x.min_price_cents <= ${add(v.maxPriceCents)} OFFSET 0)`];
    },
  },
  site: {
    fields: ['preco'],
    order: 7,
    chip: (form) => {
      const value = form.get('preco')?.trim() ?? '';
      return !isPriceChoice(value) ? null : value === 'gratis' ? 'Grátis' : `Até R$ ${value}`;
    },
    drop: () => 'Com qualquer preço',
    // The catalog's own names are not read from a page's address: a filter the page did
    // not set would narrow the list without a chip to show it or remove it.
    toParams: (form, params) => {
      params.delete('free');
      params.delete('price_max');
      const value = form.get('preco');
      if (value === 'gratis') params.set('free', 'true');
      else if (value && isPriceChoice(value)) params.set('price_max', value);
    },
    words: (folded, form, next) => {
      if (form.get('preco')) return null;
      const said = readPriceWords(folded);
      if (!said.price) return null;
      next.set('preco', 'free' in said.price ? 'gratis' : String(said.price.maxBrl));
      return said.rest;
    },
  },
  mcp: {
    input: () => ({
      free: z.boolean().optional().describe('Only events with a ticket on sale at no cost.'),
      max_price: z
        .number()
        .gt(0)
        .max(MAX_PRICE_BRL)
        .optional()
        .describe('Only events with a ticket on sale at most this price INCLUDING fees, in reais (BRL). Events with nothing on sale never pass. "até 50 reais" or "grátis" in q mean the same.'),
    }),
    args: (params) => (params.get('free') === 'true' ? { free: true } : params.has('price_max') ? { max_price: Number(params.get('price_max')) } : {}),
    toParams: (args, params) => {
      if (args.free) setPriceFilter(params, { free: true });
      else if (args.max_price !== undefined) setPriceFilter(params, { maxBrl: args.max_price as number });
    },
    // A price in the words ("até 50 reais", "grátis") is a filter, unless one is given.
    words: (params) => {
      if (!params.has('free') && !params.has('price_max')) priceWordsToFilter(params);
    },
  },
  natural: (folded, { brl }) => {
    const said = readPriceWords(folded);
    if (!said.price) return null;
    const wish = said.price;
    return { rest: said.rest, set: (params) => setPriceFilter(params, wish), note: 'free' in wish ? 'grátis' : `até ${brl(wish.maxBrl * 100)} com taxas` };
  },
});
