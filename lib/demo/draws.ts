// What the demo draws apart from the faker's sequence, and how it names things in URLs.

/** A URL slug: accents, case and punctuation folded into single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A number in [0, 1) fixed by the seed, the event's position and a salt: what browsing
 * adds to an event (kind, status, age rating, free) is drawn apart from the faker's
 * sequence, so that every other field stays what the same seed always gave.
 */
export function draw(seed: number, i: number, salt: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}
export const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)]!;

