import { CATEGORIES } from '@/lib/catalog/categories';
import type { FilterOptions } from '@/lib/catalog/filters/options';
import type { ListQuery } from '@/lib/catalog/listing/query-params';
import { ALL_FILTERS } from '@/lib/catalog/filters';
import { WHEN_CHIPS } from '@/lib/catalog/filters/dates';
import { NEAR_RADII, RADIUS_KM } from '@/lib/catalog/filters/near';
import { PRICE_CHIPS } from '@/lib/catalog/filters/price';
import type { ActiveFilter } from '@/lib/site/active-filters';
import { currentNonce } from '@/lib/site/brand-context';
import { categoryPath } from '@/lib/site/landing';
import { COUNT_PATH } from '@/lib/site/listing-count';

/** The brand's cities, for the city filter and for "Perto de". */
function CityOptions({ cities }: { cities: FilterOptions['cities'] }) {
  return cities.map((c) => (
    <option key={`${c.city}-${c.state}`} value={c.city}>
      {c.city}
      {c.state ? ` - ${c.state}` : ''}
    </option>
  ));
}

/**
 * Search and filters as a plain GET form that works without JavaScript: the words in one
 * line, and every filter in one sheet behind "Filtros (n)", so that on a phone the results
 * start on the first screen. Choosing in the sheet changes nothing until "Ver N eventos"
 * is pressed: with JavaScript, app/busca.js keeps N the count of what the choices would
 * show (GET /busca.json); without it, the button reads "Ver eventos".
 */
export async function SearchForm({ query, options, params, active, shown }: { query: ListQuery; options: FilterOptions; params: URLSearchParams; active: ActiveFilter[]; shown: string | null }) {
  const nonce = await currentNonce();
  const form = (name: string) => params.get(name) ?? '';
  const when = WHEN_CHIPS.some((c) => c.value === form('quando')) ? form('quando') : query.dateFrom || query.dateTo ? 'periodo' : '';
  // The filters in the sheet that are on (the words are in view).
  const chosen = active.filter((f) => f.key !== 'q').length;
  return (
    <form className="search" method="get" action="/" role="search" data-count={COUNT_PATH}>
      {/* An organizer is chosen on its own page (/produtores/<slug>); the form keeps it while other filters change. */}
      {query.organization && <input type="hidden" name="organization" value={query.organization} />}
      {/* The person's own position ("Perto de mim") stays while other filters change; a city in "Perto de" replaces it. */}
      {!params.get('perto') && params.get('near') && <input type="hidden" name="near" value={params.get('near')!} />}
      <div className="search-main">
        <label className="search-words">
          <span className="visually-hidden">Buscar</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="Artista, cidade, local…" />
        </label>
        <button className="button" type="submit">
          Buscar
        </button>
      </div>
      <details className="more-filters">
        <summary>{chosen > 0 ? `Filtros (${chosen})` : 'Filtros'}</summary>
        <div className="filters-grid">
          <label>
            Cidade
            <select name="city" defaultValue={query.city ?? ''}>
              <option value="">Todas</option>
              <CityOptions cities={options.cities} />
            </select>
          </label>
          <fieldset className="chips">
            <legend>Categoria</legend>
            <label className="chip">
              <input type="radio" name="category" value="" defaultChecked={!query.category} />
              Todas
            </label>
            {CATEGORIES.map((c) => (
              <label key={c.slug} className="chip">
                <input type="radio" name="category" value={c.slug} defaultChecked={query.category === c.slug} />
                {c.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="chips">
            <legend>Preço com taxas</legend>
            {PRICE_CHIPS.map((c) => (
              <label key={c.value || 'any'} className="chip">
                <input type="radio" name="preco" value={c.value} defaultChecked={form('preco') === c.value} />
                {c.label}
              </label>
            ))}
            <label className="chip">
              <input type="checkbox" name="livre" value="1" defaultChecked={form('livre') === '1'} />
              Livre para todos
            </label>
          </fieldset>
          <fieldset className="chips">
            <legend>Quando</legend>
            {WHEN_CHIPS.map((c) => (
              <label key={c.value || 'any'} className="chip">
                <input type="radio" name="quando" value={c.value} defaultChecked={when === c.value} />
                {c.label}
              </label>
            ))}
            <label>
              De
              <input type="date" name="date_from" defaultValue={when === 'periodo' ? (query.dateFrom ?? '') : ''} />
            </label>
            <label>
              Até
              <input type="date" name="date_to" defaultValue={when === 'periodo' ? (query.dateTo ?? '') : ''} />
            </label>
          </fieldset>
          {/* Filters whose chips the form does not lay out by name: one group each. */}
          {ALL_FILTERS.flatMap((f) => (f.site.form ? [f.site.form] : [])).map((g) => (
            <fieldset key={g.field} className="chips">
              <legend>{g.legend}</legend>
              {g.choices.map((c) => (
                <label key={c.value || 'any'} className="chip">
                  <input type="radio" name={g.field} value={c.value} defaultChecked={form(g.field) === c.value} />
                  {c.label}
                </label>
              ))}
            </fieldset>
          ))}
          <label>
            Estado
            <select name="state" defaultValue={query.state?.toUpperCase() ?? ''}>
              <option value="">Todos</option>
              {options.states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label>
            Perto de
            <select name="perto" defaultValue={form('perto')}>
              <option value="">Qualquer lugar</option>
              <CityOptions cities={options.cities} />
            </select>
          </label>
          <label>
            Raio
            <select name="radius_km" defaultValue={String(query.radiusKm ?? RADIUS_KM.default)}>
              {NEAR_RADII.map((r) => (
                <option key={r} value={r}>
                  {r} km
                </option>
              ))}
            </select>
          </label>
          <label>
            Ordenar por
            <select name="sort" defaultValue={query.sort ?? ''}>
              <option value="">Relevância ou data</option>
              <option value="date">Data</option>
              <option value="price">Menor preço com taxas</option>
              <option value="distance">Distância (com “perto de”)</option>
            </select>
          </label>
          <div className="sheet-submit">
            {/* The count of the listing as shown: the script's starting label, while nothing has changed. */}
            <button className="button" type="submit" data-label={shown ?? undefined}>
              Ver eventos
            </button>
            <span className="visually-hidden" role="status" />
          </div>
        </div>
      </details>
      {/* With JavaScript, "Ver N eventos" follows the choices (app/busca.js); a signed-in
          person's page is rendered with a nonce, which its scripts carry. */}
      <script src="/busca.js" defer nonce={nonce} />
    </form>
  );
}

/** The filters on, each removable by a plain link, and a link that clears them all. */
export function ActiveFilters({ active }: { active: ActiveFilter[] }) {
  if (active.length === 0) return null;
  return (
    <nav className="active-filters" aria-label="Filtros ativos">
      <ul>
        {active.map((f) => (
          <li key={f.key}>
            <a className="filter-chip" href={f.href} aria-label={`Remover filtro: ${f.label}`}>
              {f.label}
            </a>
          </li>
        ))}
        <li>
          <a href="/">Limpar filtros</a>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Browsing by kind: one link per category to its page (the one an event page links to),
 * the current one marked.
 */
export function CategoryLinks({ current }: { current: string | undefined }) {
  return (
    <nav className="category-links" aria-label="Categorias">
      <ul>
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <a href={categoryPath(c.slug)} aria-current={current === c.slug ? 'page' : undefined}>
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
