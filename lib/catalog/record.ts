import { z } from 'zod';
import { ACCESSIBILITY_FEATURES, AGE_RATINGS, CATEGORY_SLUGS, EVENT_STATUSES } from './categories';
import { isTimeZone } from './time';

// One line of the catalog's NDJSON import format: an event with its venue, producer and
// tickets. Producers and venues are shared by key; the last line that names one wins.

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null).transform((v) => (v === '' ? null : v));
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 160;
const slug = z.string().regex(SLUG_PATTERN, 'lowercase letters, digits and single hyphens').max(SLUG_MAX);

/** Whether a string could be a slug in the catalog (events, producers, venues). */
export const isSlug = (s: string): boolean => s.length <= SLUG_MAX && SLUG_PATTERN.test(s);
// An instant is kept to the whole second: the API and every page show seconds, so a fraction
// that nobody sees never orders two events.
const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(Math.floor(Date.parse(v) / 1000) * 1000));
// An image is an absolute http(s) URL, or a path on the brand's own site ("/media/…"),
// resolved against the brand's site_url when served.
const imageRef = z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?!\/)[^\s]*$/, 'an http(s) URL or a path starting with /').max(2000)]);
// Where the event's tickets are sold: an absolute http(s) URL without credentials, kept as
// given. Internal: the pages lead to it, the API never shows it (it is not a field of the
// API's event). Blank is none.
const purchaseUrl = z
  .string()
  .trim()
  .max(2000)
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((u) => {
        const url = URL.parse(u);
        return url === null || (url.username === '' && url.password === '');
      }, 'an address without user name or password')
      .nullable(),
  );
const coordinate = (limit: number) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().min(-limit).max(limit));

export const lotRecord = z.object({
  name: text(120),
  price_cents: z.int().min(0).max(100_000_000),
  fee_cents: z.int().min(0).max(100_000_000),
  available: z.boolean().default(true),
});

export const sectorRecord = z.object({
  name: text(120),
  lots: z.array(lotRecord).min(1).max(50),
});

export const venueRecord = z.object({
  key: slug,
  name: optionalText(200),
  city: optionalText(120),
  state: optionalText(120),
  state_abbr: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'two letters')
    .transform((s) => s.toUpperCase())
    .nullable()
    .default(null),
  formatted_address: optionalText(400),
  latitude: coordinate(90).nullable().default(null),
  longitude: coordinate(180).nullable().default(null),
});

export const producerRecord = z.object({
  slug,
  name: text(200),
  contact_email: z.email().nullable().default(null),
  commission_rate: z.number().min(0).max(1).nullable().default(null),
  internal_notes: optionalText(4000),
});

export const eventRecord = z
  .object({
    brand: z.string().min(1),
    slug,
    name: text(300),
    description: z.string().max(100_000).nullable().default(null),
    status: optionalText(60),
    // What people browse by (lib/catalog/categories.ts): one category of the taxonomy,
    // the age rating (classificação indicativa), and whether the event happens as announced.
    category: z.enum(CATEGORY_SLUGS).nullable().default(null),
    age_rating: z.enum(AGE_RATINGS).nullable().default(null),
    event_status: z.enum(EVENT_STATUSES).default('scheduled'),
    /** The start announced before a rescheduling or postponement. */
    previous_starts_at: instant.nullable().default(null),
    /** When sales open; before then the event says so (lib/catalog/event-state.ts). */
    sales_start_at: instant.nullable().default(null),
    // What the event offers for access: features of a closed list (an unknown one refuses
    // the line, as an unknown category does), kept once each in the list's order, and a
    // note in plain text on one line (control characters and line breaks become spaces).
    accessibility: z
      .array(z.enum(ACCESSIBILITY_FEATURES))
      .max(20)
      .nullable()
      .default([])
      .transform((features) => ACCESSIBILITY_FEATURES.filter((f) => features?.includes(f))),
    accessibility_notes: z
      .string()
      .max(1000)
      .nullable()
      .default(null)
      .transform((v) => v?.replace(/[\p{Cc}\s]+/gu, ' ').trim() || null),
    starts_at: instant.nullable().default(null),
    ends_at: instant.nullable().default(null),
    timezone: z.string().refine(isTimeZone, 'an IANA time zone').nullable().default(null),
    is_online: z.boolean().default(false),
    is_closed: z.boolean().default(false),
    images: z
      .object({
        banner: imageRef.nullable().default(null),
        thumbnail: imageRef.nullable().default(null),
      })
      .default({ banner: null, thumbnail: null }),
    /** The event's own purchase address; without it the brand's purchase_url template, if any, applies. */
    purchase_url: purchaseUrl.nullable().default(null),
    venue: venueRecord.nullable().default(null),
    producer: producerRecord.nullable().default(null),
    sectors: z.array(sectorRecord).max(50).default([]),
    internal_notes: optionalText(4000),
  })
  .refine((e) => !e.starts_at || !e.ends_at || e.ends_at >= e.starts_at, {
    message: 'ends_at is before starts_at',
    path: ['ends_at'],
  })
  .refine((e) => e.previous_starts_at === null || e.event_status === 'rescheduled' || e.event_status === 'postponed', {
    message: 'previous_starts_at is only for a rescheduled or postponed event',
    path: ['previous_starts_at'],
  });

export type EventRecordInput = z.input<typeof eventRecord>;
export type EventRecord = z.output<typeof eventRecord>;

/**
 * The fields of an event stored as read, each in the `events` column of its name, with
 * that column's type: the import writes them from this list (lib/catalog/import/write.ts). A new
 * field of the kind is an entry of the schema above, a line here and its migration.
 */
export const STORED_AS_READ = {
  category: 'text',
  age_rating: 'text',
  event_status: 'text',
  previous_starts_at: 'timestamptz',
  sales_start_at: 'timestamptz',
  accessibility: 'text[]',
  accessibility_notes: 'text',
  purchase_url: 'text',
} as const satisfies Partial<Record<keyof EventRecord, string>>;

/**
 * A line that withdraws an event: `{"brand": "aurora", "slug": "…", "withdrawn": true}`.
 * The event leaves every surface; its slug is kept from other events (lib/catalog/import/withdrawals.ts).
 */
export const withdrawalRecord = z.strictObject({
  brand: z.string().min(1),
  slug,
  withdrawn: z.literal(true),
});

export type WithdrawalRecord = z.output<typeof withdrawalRecord>;
