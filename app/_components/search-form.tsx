import type { FilterOptions } from '@/lib/catalog/filters';
import type { ListQuery } from '@/lib/catalog/query-params';
import { RADIUS_KM } from '@/lib/catalog/search-filters';
import { NEAR_RADII, WHEN_CHIPS } from '@/lib/site/listing-params';

type Form = { quando: string; perto: string };

/** The brand's cities, for the city filter and for "Perto de". */
function CityOptions({ cities }: { cities: FilterOptions['cities'] }) {
  return cities.map((c) => (
    <option key={`${c.city}-${c.state}`} value={c.city}>
      {c.city}
      {c.state ? ` - ${c.state}` : ''}
    </option>
  ));
}

/** Search and filters as a plain GET form: works without JavaScript. */
export function SearchForm({ query, options, form }: { query: ListQuery; options: FilterOptions; form: Form }) {
  const when = WHEN_CHIPS.some((c) => c.value === form.quando) ? form.quando : query.dateFrom || query.dateTo ? 'periodo' : '';
  return (
    <form className="search" method="get" action="/" role="search">
      <label>
        Buscar
        <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="Artista, cidade, local…" />
      </label>
      <label>
        Cidade
        <select name="city" defaultValue={query.city ?? ''}>
          <option value="">Todas</option>
          <CityOptions cities={options.cities} />
        </select>
      </label>
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
        Produtor
        <select name="organization" defaultValue={query.organization ?? ''}>
          <option value="">Todos</option>
          {options.organizers.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Perto de
        <select name="perto" defaultValue={form.perto}>
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
          <option value="distance">Distância (com “perto de”)</option>
        </select>
      </label>
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
      <button className="button" type="submit">
        Buscar eventos
      </button>
    </form>
  );
}
