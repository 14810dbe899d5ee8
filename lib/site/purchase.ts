import type { Brand } from '../brand/schema';

// Where an event page sends people to buy. The event's own address (its import line's
// purchase_url) comes first: real catalogs sell each event in its own place. Without it,
// the brand's purchase_url template of the registry, with the event's slug. Without
// either, the page says how to buy instead ("Como comprar").

type Sold = { slug: string; purchase_url: string | null };

/** The brand's purchase URL for an event (its registry template with the slug), or null when the brand sets none. */
export function brandPurchaseUrl(brand: Brand, slug: string): string | null {
  return brand.purchase_url ? brand.purchase_url.replaceAll('{slug}', encodeURIComponent(slug)) : null;
}

/** Where the event's tickets are sold: its own address, else the brand's template; null when neither. */
export function purchaseUrl(brand: Brand, event: Sold): string | null {
  return event.purchase_url ?? brandPurchaseUrl(brand, event.slug);
}

/**
 * The path of the demonstration purchase page the site serves itself (app/comprar/[slug]):
 * the demo catalog gives most of its events this address on the brand's own site.
 */
export const demoPurchasePath = (slug: string): string => `/comprar/${encodeURIComponent(slug)}`;

/** Whether the event's purchase address is the site's own demonstration page: only then does that page answer. */
export function sellsOnDemoPage(brand: Brand, event: Sold): boolean {
  return event.purchase_url === new URL(demoPurchasePath(event.slug), brand.site_url).toString();
}

/**
 * Without a purchase address, a web search for where the event is sold: the production's
 * name and the event's, with "ingressos" (the production's own page and its sales channels
 * come first for such a search).
 */
export function producerSearchUrl(producer: string | null, eventName: string): string {
  const words = [producer ? `"${producer}"` : null, eventName, 'ingressos'].filter(Boolean).join(' ');
  return `https://www.google.com/search?${new URLSearchParams({ q: words })}`;
}
