import type { Brand } from '../brand/schema';
import { cityCenter, type FilterOptions } from '../catalog/filters';
import { PRICE_CHOICES_BRL } from '../catalog/categories';
import { readDateWords, readPriceWords } from '../catalog/natural-request';
import { brandTimeZone, relativeRange, type RelativeDay } from '../catalog/relative-dates';
import { fold } from '../catalog/search-terms';

// The listing form speaks people's words: date chips ("quando"), a city to search around
// ("perto"). They become the API's own filters (date_from, date_to, near), so the page
// asks the catalog exactly what the API would.

/** The date chips of the form: value, label and the relative date it stands for. */
export const WHEN_CHIPS: ReadonlyArray<{ value: string; label: string; day: RelativeDay | null }> = [
  { value: '', label: 'Qualquer data', day: null },
  { value: 'hoje', label: 'Hoje', day: 'today' },
  { value: 'amanha', label: 'Amanhã', day: 'tomorrow' },
  { value: 'fim-de-semana', label: 'Este fim de semana', day: 'this_weekend' },
  { value: '7-dias', label: 'Próximos 7 dias', day: 'next_7_days' },
  { value: 'periodo', label: 'Período', day: null },
];

/** Radius choices of "perto de", in km. */
export const NEAR_RADII = [10, 25, 50, 100] as const;

/** The price choices of the form ("preco"): free, or at most a price with fees in reais. */
export const PRICE_CHIPS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Qualquer preço' },
  { value: 'gratis', label: 'Grátis' },
  ...PRICE_CHOICES_BRL.map((brl) => ({ value: String(brl), label: `Até R$ ${brl}` })),
];

/** A price choice of the form: "gratis" or a whole number of reais (the chips' or one said in words). */
export const isPriceChoice = (value: string): boolean => value === 'gratis' || (/^[1-9]\d{0,5}$/.test(value));

/**
 * The form as the person meant it: a date or a price said in the words ("forró neste fim
 * de semana", "shows grátis", "samba até 100 reais") leaves `q` and becomes the form's own
 * field (quando, or a period; preco), so it shows as a chip that removes it, exactly as if
 * the chip had been chosen. A field the form already sets wins over the words.
 */
export function wordsToForm(form: URLSearchParams, brand: Brand, now = new Date()): URLSearchParams {
  const q = form.get('q')?.trim();
  if (!q) return form;
  const next = new URLSearchParams(form);
  let words = fold(q);
  let changed = false;
  if (!form.get('quando') && !form.get('date_from') && !form.get('date_to')) {
    const said = readDateWords(words, now, brandTimeZone(brand));
    if (said.when) {
      words = said.rest;
      changed = true;
      const chip = 'day' in said.when ? WHEN_CHIPS.find((c) => c.day === (said.when as { day: RelativeDay }).day) : undefined;
      if (chip) next.set('quando', chip.value);
      else {
        const range = 'day' in said.when ? relativeRange(said.when.day, now, brandTimeZone(brand)) : said.when;
        next.set('quando', 'periodo');
        next.set('date_from', range.from);
        next.set('date_to', range.to);
      }
    }
  }
  if (!form.get('preco')) {
    const said = readPriceWords(words);
    if (said.price) {
      words = said.rest;
      changed = true;
      next.set('preco', 'free' in said.price ? 'gratis' : String(said.price.maxBrl));
    }
  }
  if (changed) next.set('q', asTyped(q, words));
  return next;
}

/** What is left of the words (folded), in the person's own spelling: "forró", not "forro". */
function asTyped(typed: string, left: string): string {
  const rest = left.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (const word of typed.split(/\s+/)) if (rest.length > 0 && fold(word) === rest[0]) kept.push(word) && rest.shift();
  return rest.length === 0 ? kept.join(' ') : left;
}

export function listingParams(form: URLSearchParams, options: FilterOptions, brand: Brand, now = new Date()): URLSearchParams {
  const params = new URLSearchParams(form);
  // Price and age are the form's words alone ("preco", "livre"): a filter the page did not
  // set would narrow the list without a chip to show it or remove it.
  for (const name of ['free', 'price_max', 'age_rating']) params.delete(name);
  const chip = WHEN_CHIPS.find((c) => c.value === form.get('quando'));
  if (chip?.day) {
    const range = relativeRange(chip.day, now, brandTimeZone(brand));
    params.set('date_from', range.from);
    params.set('date_to', range.to);
  }
  const city = form.get('perto');
  const center = city ? cityCenter(options, city) : null;
  if (center) params.set('near', `${center.lat},${center.lng}`);
  else if (city !== null) params.delete('near');
  // Distance needs a place; without one the form's sort falls back to the default.
  if (params.get('sort') === 'distance' && !params.get('near')) params.delete('sort');
  // "preco": free or at most a price with fees; "livre": all ages (words said so are
  // already these fields: wordsToForm).
  const price = form.get('preco');
  if (price === 'gratis') params.set('free', 'true');
  else if (price && isPriceChoice(price)) params.set('price_max', price);
  if (form.get('livre') === '1') params.set('age_rating', 'livre');
  return params;
}
