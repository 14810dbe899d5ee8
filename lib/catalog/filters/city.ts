import { z } from 'zod';
import { copyArgs, defineFilter, text } from './declaration';

// The city of the event's venue: an accent- and case-insensitive equality.
export const city = defineFilter<{ city?: string }>()({
  name: 'city',
  summary: 'City of the venue; accents and case ignored.',
  api: true,
  doc: { city: z.string().optional().meta({ description: 'City of the event; case- and accent-insensitive exact match ("sao paulo" matches "São Paulo").' }) },
  params: ['city'],
  read: (params) => ({ city: text(params.get('city')) }),
  key: (v) => v.city ?? '',
  active: (v) => Boolean(v.city),
  sql: {
    where: (v, add) => (v.city ? [`e.city_key = catalog_fold(${add(v.city)})`] : []),
    posting: { rank: 3, walk: false, key: (v, add) => (v.city ? `' c:' || catalog_fold(${add(v.city)})` : null) },
  },
  site: {
    fields: ['city'],
    order: 2,
    chip: (form) => form.get('city')?.trim() || null,
    drop: () => 'Em todas as cidades',
  },
  mcp: {
    input: () => ({ city: z.string().max(120).optional().describe('City, exact but accent- and case-insensitive') }),
    toParams: (args, params) => copyArgs(args, params, ['city']),
  },
});
