import type { FilterOptions } from '@/lib/catalog/filters';
import type { ListQuery } from '@/lib/catalog/query-params';

/** Search and filters as a plain GET form: works without JavaScript. */
export function SearchForm({ query, options }: { query: ListQuery; options: FilterOptions }) {
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
          {options.cities.map((c) => (
            <option key={`${c.city}-${c.state}`} value={c.city}>
              {c.city}
              {c.state ? ` - ${c.state}` : ''}
            </option>
          ))}
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
      <button className="button" type="submit">
        Buscar eventos
      </button>
    </form>
  );
}
