import type { Brand } from '../brand/schema';
import { cityCenter, type FilterOptions } from '../catalog/filters';
import { PRICE_CHOICES_BRL } from '../catalog/categories';
import { priceWordsToFilter } from '../catalog/natural-request';
import { brandTimeZone, relativeRange, type RelativeDay } from '../catalog/relative-dates';

// The listing form speaks people's words: date chips ("quando"), a city to search around
// ("perto"). They become the API's own filters (date_from, date_to, near), so the page
// asks the catalog exactly what the API would.

/** The date chips of the form: value, label and the relative date it stands for. */
export const WHEN_CHIPS: ReadonlyArray<{ value: string; label: string; day: RelativeDay | null }> = [
  { value: '', label: 'Qualquer data', day: null },
  { value: 'hoje', label: 'Hoje', day: 'today' },
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
  // "preco": free or at most a price with fees; "livre": all ages. A price in the words
  // ("até 50 reais", "grátis") is the same filter, when the form sets none.
  const price = form.get('preco');
  if (price === 'gratis') params.set('free', 'true');
  else if (price && PRICE_CHIPS.some((c) => c.value === price)) params.set('price_max', price);
  else priceWordsToFilter(params);
  if (form.get('livre') === '1') params.set('age_rating', 'livre');
  return params;
}
