import type { Brand } from '../brand/schema';

/** The brand's purchase URL for an event (its registry template with the slug), or null when the brand sets none. */
export function purchaseUrl(brand: Brand, slug: string): string | null {
  return brand.purchase_url ? brand.purchase_url.replaceAll('{slug}', encodeURIComponent(slug)) : null;
}
