import { createHash } from 'node:crypto';
import type { EventRecord } from '../record';

/**
 * A digest of what an event's pages show, from its line: everything but the internal
 * fields (the event's notes, the producer's contact, commission and notes). The same
 * line imported again has the same digest, so its updated_at (the sitemap's lastmod)
 * stays.
 */
export function contentDigest(r: EventRecord): string {
  const { internal_notes: _notes, producer, ...shown } = r;
  const publicProducer = producer ? { slug: producer.slug, name: producer.name } : null;
  return createHash('sha256').update(JSON.stringify({ ...shown, producer: publicProducer })).digest('base64url');
}
