import { ALL_FILTERS } from '../catalog/filters';

// The filters a listing has on, as removable chips above its results: each one a plain
// link to the same listing without it (and back to its first page). The words first, then
// each filter's chip (lib/catalog/filters) in its order.

export type ActiveFilter = { key: string; label: string; href: string };

type Group = { key: string; fields: readonly string[]; chip: (form: URLSearchParams, organizerName: string | null) => string | null };

/** The form's fields that make up each chip; removing one removes them all. */
const GROUPS: readonly Group[] = [
  {
    key: 'q',
    fields: ['q'],
    chip: (form) => {
      const q = form.get('q')?.trim() ?? '';
      return q ? `“${q.slice(0, 60)}”` : null;
    },
  },
  ...[...ALL_FILTERS].sort((a, b) => a.site.order - b.site.order).map((f) => ({ key: f.site.fields[0]!, ...f.site })),
];

function hrefWithout(params: URLSearchParams, fields: readonly string[]): string {
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!fields.includes(k) && k !== 'page' && v.trim() !== '') next.append(k, v);
  const qs = next.toString();
  return qs ? `/?${qs}` : '/';
}

/** The active filters of a listing's form parameters, in the form's order (the organizer named when known). */
export function activeFilters(params: URLSearchParams, organizerName: string | null = null): ActiveFilter[] {
  return GROUPS.flatMap(({ key, fields, chip }) => {
    const label = chip(params, organizerName);
    return label ? [{ key, label, href: hrefWithout(params, fields) }] : [];
  });
}
