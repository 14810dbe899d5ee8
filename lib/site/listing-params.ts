import type { Brand } from '../brand/schema';
import { ALL_FILTERS } from '../catalog/filters';
import { cityCenter, type FilterOptions } from '../catalog/filters/options';
import { leftInTypedSpelling } from '../catalog/search/place-words';
import { fold } from '../catalog/search/search-terms';

// The listing form speaks people's words: date chips ("quando"), a city to search around
// ("perto"), a price ("preco"). Each filter's declaration (lib/catalog/filters) turns its
// fields into the catalog's own parameters, so the page asks the catalog exactly what the
// API would.

/**
 * The form as the person meant it: a place, a date or a price said in the words ("samba em
 * Recife", "forró neste fim de semana", "shows grátis", "samba até 100 reais") leaves `q`
 * and becomes the form's own field (city, state, quando or a period, preco), so it shows
 * as a chip that removes it, exactly as if the chip had been chosen. A field the form
 * already sets wins over the words. `options`: the catalog's cities, the places it knows.
 */
export function wordsToForm(form: URLSearchParams, brand: Brand, now = new Date(), options?: Pick<FilterOptions, 'cities'>): URLSearchParams {
  const q = form.get('q')?.trim();
  if (!q) return form;
  const next = new URLSearchParams(form);
  let words = fold(q);
  let changed = false;
  for (const filter of ALL_FILTERS) {
    const rest = filter.site.words?.(words, form, next, { brand, now, center: () => null, cities: options?.cities.map((c) => c.city) ?? [] });
    if (rest == null) continue;
    words = rest;
    changed = true;
  }
  if (changed) {
    const left = leftInTypedSpelling(q, words);
    if (left) next.set('q', left);
    else next.delete('q');
  }
  return next;
}

/** The form's fields as the catalog's parameters, each filter translating its own (lib/catalog/filters). */
export function listingParams(form: URLSearchParams, options: FilterOptions, brand: Brand, now = new Date()): URLSearchParams {
  const params = new URLSearchParams(form);
  const ctx = { brand, now, center: (city: string) => cityCenter(options, city), cities: options.cities.map((c) => c.city) };
  for (const filter of ALL_FILTERS) filter.site.toParams?.(form, params, ctx);
  return params;
}
