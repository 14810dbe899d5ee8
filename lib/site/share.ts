// Sharing an event: every link carries the event's canonical URL (its `url`, on the brand's
// site URL, never the request's Host). WhatsApp's link is a plain one (wa.me with the text),
// which works without JavaScript; the share sheet of the phone (the Web Share API) and
// "Copiar link" are offered by the site's small script app/compartilhar.js where the
// browser has them.

/** The WhatsApp link that opens a message with the event's name and its address. */
export function whatsappUrl(name: string, url: string): string {
  return `https://wa.me/?${new URLSearchParams({ text: `${name} ${url}` })}`;
}

/** The path of the site's share script. */
export const SHARE_SCRIPT = '/compartilhar.js';
