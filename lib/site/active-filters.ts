import { categoryBySlug } from '../catalog/categories';
import { isPriceChoice, WHEN_CHIPS } from './listing-params';

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string): string | null => {
  const date = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
};
const format = (value: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', ...options }).format(new Date(`${value}T00:00:00Z`));
/** "sáb., 28 de nov." */
const dayLabel = (value: string) => format(value, { weekday: 'short', day: 'numeric', month: 'short' });
const lastOfMonth = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** A period in words: one day, a whole month ("Dezembro de 2026"), or "28 de nov. a 3 de dez.". */
function periodLabel(from: string, to: string): string {
  if (from === to) return dayLabel(from);
  if (from.endsWith('-01') && to === lastOfMonth(from)) {
    const month = format(from, { month: 'long', year: 'numeric' });
    return month.charAt(0).toUpperCase() + month.slice(1);
  }
  return `${format(from, { day: 'numeric', month: 'short' })} a ${format(to, { day: 'numeric', month: 'short' })}`;
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
      const [from, to] = [day(v('date_from')), day(v('date_to'))];
      if (from && to) return periodLabel(from, to);
      if (from) return `A partir de ${dayLabel(from)}`;
      if (to) return `Até ${dayLabel(to)}`;
      return null;
    }
    case 'preco':
      return !isPriceChoice(v('preco')) ? null : v('preco') === 'gratis' ? 'Grátis' : `Até R$ ${v('preco')}`;
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
