import { z } from 'zod';
import { defineFilter, first } from './declaration';

// Events rated for all ages (classificação indicativa "livre"). Beyond the API (its Event
// shows no rating): the website, MCP and A2A.
export const allAges = defineFilter<{ allAges?: boolean }>()({
  name: 'all-ages',
  summary: 'Only events rated for all ages ("livre").',
  api: false,
  params: ['age_rating'],
  read: (params, { prices }) => (prices && first(params, 'age_rating') === 'livre' ? { allAges: true } : {}),
  key: (v) => (v.allAges ? 'livre' : ''),
  active: (v) => Boolean(v.allAges),
  sql: {
    columns: ['age_rating'],
    where: (v) => (v.allAges ? [`e.age_rating = 'livre'`] : []),
    posting: { rank: 4, walk: true, key: (v, add) => (v.allAges ? add(' a:livre') : null) },
  },
  site: {
    fields: ['livre'],
    order: 8,
    chip: (form) => (form.get('livre')?.trim() === '1' ? 'Livre para todos' : null),
    drop: () => 'Para todas as idades',
    toParams: (form, params) => {
      params.delete('age_rating');
      if (form.get('livre') === '1') params.set('age_rating', 'livre');
    },
  },
  mcp: {
    input: () => ({ all_ages: z.boolean().optional().describe('Only events rated for all ages (classificação indicativa "livre").') }),
    args: (params) => (params.get('age_rating') === 'livre' ? { all_ages: true } : {}),
    toParams: (args, params) => {
      if (args.all_ages) params.set('age_rating', 'livre');
    },
  },
});
