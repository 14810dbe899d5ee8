import { z } from 'zod';
import { copyArgs, defineFilter, first } from './declaration';

// The order of the results. Relevance is the default with words, the date without.

export const SORTS = ['relevance', 'date', 'distance'] as const;
/** Sorting by the lowest price with fees is for the site, MCP and A2A: the API shows no prices. */
export const SORTS_WITH_PRICE = [...SORTS, 'price'] as const;
export type Sort = (typeof SORTS_WITH_PRICE)[number];

const SORT_LABELS: Record<string, string> = { date: 'Ordem: data', distance: 'Ordem: distância', price: 'Ordem: menor preço', relevance: 'Ordem: relevância' };

export const sort = defineFilter<{ sort?: Sort }>()({
  name: 'sort',
  summary: 'The order: relevance, date, distance (needs `near`), or price (beyond the API).',
  api: true,
  doc: {
    sort: z.enum(SORTS).optional().meta({
      description:
        'Order of the results: `relevance` (the default with `q`; without `q` it is `date`), `date` (soonest first) or `distance` (nearest venue first, then soonest; needs `near`, else 400 `invalid_sort`). Ties always go to the sooner event, then to id.',
    }),
  },
  params: ['sort'],
  problems: {
    invalid_sort: {
      title: 'Invalid sort',
      about: 'sort is not relevance, date or distance, or is distance without near.',
      when: '`sort` is not `relevance`, `date` or `distance`, or is `distance` without `near`.',
    },
  },
  read: (params, { fail, prices, read }) => {
    const sorts: readonly string[] = prices ? SORTS_WITH_PRICE : SORTS;
    const value = first(params, 'sort');
    if (value === undefined) return {};
    if (!sorts.includes(value)) fail('invalid_sort', `sort must be one of ${sorts.join(', ')}.`);
    else if (value === 'distance' && !read.near) fail('invalid_sort', 'sort=distance needs near=<latitude>,<longitude>.');
    else return { sort: value as Sort };
    return {};
  },
  key: (v) => v.sort ?? '',
  site: {
    fields: ['sort'],
    order: 9,
    chip: (form) => SORT_LABELS[form.get('sort')?.trim() ?? ''] ?? null,
    // Distance needs a place; without one the form's sort falls back to the default.
    toParams: (_form, params) => {
      if (params.get('sort') === 'distance' && !params.get('near')) params.delete('sort');
    },
  },
  mcp: {
    input: () => ({
      sort: z
        .enum(SORTS_WITH_PRICE)
        .optional()
        .describe('relevance (default with q), date (soonest first; default without q), distance (nearest first; needs near or near_city) or price (lowest price with fees first; nothing on sale last).'),
    }),
    toParams: (args, params) => copyArgs(args, params, ['sort']),
  },
});
