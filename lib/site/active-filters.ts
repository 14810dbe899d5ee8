import { categoryBySlug } from '../catalog/categories';
import { PRICE_CHIPS, WHEN_CHIPS } from './listing-params';

// The filters a listing has on, as removable chips above its results: each one a plain
// link to the same listing without it (and back to its first page).

export type ActiveFilter = { key: string; label: string; href: string };

/** The form's fields that make up each filter; removing one removes them all. */
const GROUPS: ReadonlyArray<{ key: string; fields: string[] }> = [
  { key: 'q', fields: ['q'] },
  { key: 'category', fields: ['category'] },
  { key: 'city', fields: ['city'] },
  { key: 'state', fields: ['state'] },
  { key: 'organization', fields: ['organization'] },
  { key: 'perto', fields: ['perto', 'radius_km'] },
  { key: 'quando', fields: ['quando', 'date_from', 'date_to'] },
  { key: 'preco', fields: ['preco'] },
  { key: 'livre', fields: ['livre'] },
  { key: 'sort', fields: ['sort'] },
];

const SORT_LABELS: Record<string, string> = { date: 'Ordem: data', distance: 'Ordem: distância', price: 'Ordem: menor preço', relevance: 'Ordem: relevância' };

function hrefWithout(params: URLSearchParams, fields: string[]): string {
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!fields.includes(k) && k !== 'page' && v.trim() !== '') next.append(k, v);
  const qs = next.toString();
  return qs ? `/?${qs}` : '/';
}

function labelOf(key: string, params: URLSearchParams, organizerName: string | null): string | null {
  const v = (name: string) => params.get(name)?.trim() ?? '';
  switch (key) {
    case 'q':
      return v('q') ? `“${v('q').slice(0, 60)}”` : null;
    case 'category':
      return categoryBySlug(v('category'))?.label ?? null;
    case 'city':
      return v('city') || null;
    case 'state':
      return /^[a-z]{2}$/i.test(v('state')) ? `Estado: ${v('state').toUpperCase()}` : null;
    case 'organization': {
      const slug = v('organization');
      return slug ? `Produtor: ${organizerName ?? slug}` : null;
    }
    case 'perto':
      return v('perto') ? `Perto de ${v('perto')}${v('radius_km') ? ` (${v('radius_km')} km)` : ''}` : null;
    case 'quando': {
      const chip = WHEN_CHIPS.find((c) => c.value === v('quando') && c.day);
      if (chip) return chip.label;
      const [from, to] = [v('date_from'), v('date_to')];
      if (from && to) return `De ${from} até ${to}`;
      if (from) return `A partir de ${from}`;
      if (to) return `Até ${to}`;
      return null;
    }
    case 'preco':
      return PRICE_CHIPS.find((c) => c.value && c.value === v('preco'))?.label ?? null;
    case 'livre':
      return v('livre') === '1' ? 'Livre para todos' : null;
    case 'sort':
      return SORT_LABELS[v('sort')] ?? null;
    default:
      return null;
  }
}

/** The active filters of a listing's form parameters, in the form's order (the organizer named when known). */
export function activeFilters(params: URLSearchParams, organizerName: string | null = null): ActiveFilter[] {
  return GROUPS.flatMap(({ key, fields }) => {
    const label = labelOf(key, params, organizerName);
    return label ? [{ key, label, href: hrefWithout(params, fields) }] : [];
  });
}
