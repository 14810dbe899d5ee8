import { z } from 'zod';
import 'zod-openapi';

// The closed public field list (spec section 2). Responses are mapped field by field and
// checked against these strict objects, and openapi.json is generated from them.

const nullableText = z.string().nullable();
const dateTime = z.iso
  .datetime({ offset: true })
  .nullable()
  .meta({ description: 'RFC 3339 in the wall-clock time of `timezone`, with its offset, e.g. 2026-12-05T21:00:00-03:00.' });

export const ImagesSchema = z
  .strictObject({ banner: z.url().nullable(), thumbnail: z.url().nullable() })
  .meta({ id: 'EventImages' });

export const LocationSchema = z
  .strictObject({
    name: nullableText,
    city: nullableText,
    state: nullableText,
    state_abbr: nullableText,
    formatted_address: nullableText,
    latitude: nullableText.meta({ description: 'Decimal degrees as a string, e.g. "-23.550520".' }),
    longitude: nullableText.meta({ description: 'Decimal degrees as a string, e.g. "-46.633308".' }),
  })
  .meta({ id: 'EventLocation' });

export const ProducerSchema = z.strictObject({ name: z.string(), slug: z.string() }).meta({ id: 'EventProducer' });

const eventFields = {
  id: z.int().min(1),
  slug: z.string().min(1),
  name: z.string(),
  description: nullableText.meta({ description: 'HTML, sanitized to an allowlist of formatting tags.' }),
  starts_at: dateTime,
  ends_at: dateTime,
  timezone: nullableText.meta({ description: 'IANA time zone of the event, e.g. America/Sao_Paulo.' }),
  is_online: z.boolean(),
  is_closed: z.boolean().meta({ description: 'True when sales are closed. Read availability from here, not from `status`.' }),
  url: z.url().meta({ description: 'Event page on the brand website, where a person buys.' }),
  images: ImagesSchema,
  location: LocationSchema.nullable(),
};

export const EventListItemSchema = z
  .strictObject({
    ...eventFields,
    status: nullableText.meta({ description: 'Upstream label in Portuguese, e.g. "Ativo", "Esgotado", "Encerrado".' }),
    producer: z.null().meta({ description: 'Always null in the list; see the detail.' }),
  })
  .meta({ id: 'EventListItem', description: 'An event as listed: `status` present, `producer` null.' });

export const EventDetailSchema = z
  .strictObject({
    ...eventFields,
    status: z.null().meta({ description: 'Always null in the detail; read `is_closed`.' }),
    producer: ProducerSchema.nullable(),
  })
  .meta({ id: 'EventDetail', description: 'One event: `producer` present, `status` null.' });

export const PageMetaSchema = z
  .strictObject({
    total: z.int().min(0).meta({ description: 'Matching events, counted exactly up to the deepest reachable result: 10,000 plus one page for a listing, 1,000 plus one page for a search (`q` with a meaningful word). Past that it stays at the cap, and `total_relation` is "gte". Never an estimate.' }),
    total_relation: z.enum(['eq', 'gte']).meta({ description: '"eq": `total` is the exact count. "gte": at least `total` events match (the count reached its cap).' }),
    per_page: z.int().min(1).max(50),
    current_page: z.int().min(1),
    last_page: z.int().min(1).meta({ description: 'The last page that can be reached: 1 when nothing matches.' }),
  })
  .meta({ id: 'PageMeta', description: 'The page actually served, after clamping. `last_page` is 1 when nothing matches.' });

export const EventListSchema = z
  .strictObject({ data: z.array(EventListItemSchema), meta: PageMetaSchema })
  .meta({ id: 'EventList' });

export type EventListItem = z.infer<typeof EventListItemSchema>;
export type EventDetail = z.infer<typeof EventDetailSchema>;
export type EventList = z.infer<typeof EventListSchema>;
export type PageMeta = z.infer<typeof PageMetaSchema>;
