import type { EventListItem } from '../catalog/public-schema';

/**
 * schema.org ItemList of the events a listing page shows (a summary list: each item the
 * event's own page), positions counted from the page's offset so that page 2 goes on
 * where page 1 stopped. Serialize it with scriptJson.
 */
export function itemListJsonLd(name: string, pageUrl: string, events: readonly EventListItem[], offset: number) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url: pageUrl,
    numberOfItems: events.length,
    itemListElement: events.map((event, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: event.url, name: event.name })),
  };
}
