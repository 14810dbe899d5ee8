import { z } from 'zod';
import { copyArgs, defineFilter, text } from './declaration';

// The event's producer, by its slug (chosen on its own page on the website).
export const organization = defineFilter<{ organization?: string }>()({
  name: 'organization',
  summary: 'Slug of the producer.',
  api: true,
  doc: { organization: z.string().optional().meta({ description: 'Slug of the organizer (producer).' }) },
  params: ['organization'],
  read: (params) => ({ organization: text(params.get('organization')) }),
  key: (v) => v.organization ?? '',
  active: (v) => Boolean(v.organization),
  sql: {
    where: (v, add) => (v.organization ? [`e.producer_id IN (SELECT id FROM producers WHERE brand_id = $1 AND slug = ${add(v.organization)})`] : []),
    posting: {
      rank: 1,
      walk: false,
      key: (v, add) => (v.organization ? `(SELECT ' p:' || id FROM producers WHERE brand_id = $1 AND slug = ${add(v.organization)})` : null),
    },
  },
  site: {
    fields: ['organization'],
    order: 4,
    chip: (form, organizerName) => {
      const slug = form.get('organization')?.trim() ?? '';
      return slug ? `Produtor: ${organizerName ?? slug}` : null;
    },
    drop: () => 'De todos os produtores',
  },
  mcp: {
    input: () => ({ organization: z.string().max(160).optional().describe('Producer slug') }),
    toParams: (args, params) => copyArgs(args, params, ['organization']),
  },
});
