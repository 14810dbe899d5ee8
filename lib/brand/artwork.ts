import { createHash } from 'node:crypto';
import type { Brand } from './schema';

const SIZES = { banner: [1200, 480], thumbnail: [480, 320] } as const;

/** A deterministic abstract SVG for an event: brand colours, shapes placed by the slug's hash. */
export function eventArtwork(brand: Brand, slug: string, size: keyof typeof SIZES): string {
  const [w, h] = SIZES[size];
  const bytes = createHash('sha256').update(slug).digest();
  const at = (i: number) => bytes[i % bytes.length]!;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const cx = Math.round((at(i * 3) / 255) * w);
    const cy = Math.round((at(i * 3 + 1) / 255) * h);
    const r = Math.round(((at(i * 3 + 2) / 255) * 0.35 + 0.08) * h);
    const fill = i % 2 === 0 ? brand.theme.accent : '#ffffff';
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="${(0.12 + (at(i + 20) / 255) * 0.3).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-hidden="true"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.theme.primary}"/><stop offset="1" stop-color="${brand.theme.accent}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${circles}</svg>`;
}
