import { z } from 'zod';
import { CATEGORIES, CATEGORY_SLUGS, categoryBySlug } from '../categories';
import { copyArgs, defineFilter, first, type Add } from './declaration';

/**
 * The postings key of a category's events in a city (migration 023), the city folded as
 * the events' city_key is: a listing by both walks it alone (city.ts then adds no key).
 */
export const categoryInCityKey = (category: string, city: string, add: Add): string =>
  `' kc:' || ${add(`${category}|`)}::text || catalog_fold(${add(city)})`;

// A category of the catalog's taxonomy (lib/catalog/categories.ts), by slug.
export const category = defineFilter<{ category?: string; city?: string }>()({
  name: 'category',
  summary: 'A category of the taxonomy, by slug.',
  api: true,
  doc: {
    category: z.enum(CATEGORY_SLUGS).optional().meta({
      description: `Only events of this category (the slugs of the catalog's taxonomy). Anything else: 400 \`invalid_category\`. A search text that names a category ("teatro", "stand up", "pra criança") also finds its events.`,
      example: 'teatro',
    }),
  },
  params: ['category'],
  problems: {
    invalid_category: { title: 'Invalid category', about: 'category is not one of the slugs of the catalog\'s taxonomy.', when: '`category` is not one of the taxonomy\'s slugs.' },
  },
  read: (params, { fail }) => {
    const value = first(params, 'category');
    if (value === undefined) return {};
    if (!(CATEGORY_SLUGS as readonly string[]).includes(value)) {
      fail('invalid_category', `category must be one of ${CATEGORY_SLUGS.join(', ')}.`);
      return {};
    }
    return { category: value };
  },
  key: (v) => v.category ?? '',
  active: (v) => Boolean(v.category),
  sql: {
    columns: ['category'],
    where: (v, add) => (v.category ? [`e.category = ${add(v.category)}`] : []),
    posting: {
      rank: 2,
      walk: true,
      key: (v, add) => (!v.category ? null : v.city ? categoryInCityKey(v.category, v.city, add) : add(` k:${v.category}`)),
      // In a city, the key of the category's events there is walked or joined (city.ts adds none).
      carried: { column: 'category', value: (v) => (v.category && !v.city ? v.category : null) },
    },
  },
  site: {
    fields: ['category'],
    order: 1,
    chip: (form) => categoryBySlug(form.get('category')?.trim() ?? '')?.label ?? null,
    drop: () => 'Em todas as categorias',
  },
  mcp: {
    input: () => ({
      category: z
        .enum(CATEGORY_SLUGS)
        .optional()
        .describe(`Only events of this category: ${CATEGORIES.map((c) => `${c.slug} (${c.label})`).join(', ')}. Words in q that name one ("teatro", "stand up", "pra criança") also find its events.`),
    }),
    toParams: (args, params) => copyArgs(args, params, ['category']),
  },
});
