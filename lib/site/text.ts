// Plain text from the catalog's sanitized description HTML, for meta descriptions,
// front matter, JSON-LD and calendar files.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/** Block ends become line breaks, inline tags vanish, entities are decoded; spaces are tidied (none before punctuation). */
export function plainText(html: string | null): string {
  return (html ?? '')
    .replace(/<\/(p|li|h\d|div|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?[a-z0-9]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ +([,.;:!?…)])/g, '$1')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Lines joined into one, each ended as a sentence (list items and headings carry no full stop of their own). */
export function oneLine(text: string): string {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => (/[.!?…:;]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

/** Plain text on one line (each line a sentence), at most `max` characters, cut at a word with "…" when longer. */
export function summary(html: string | null, max = 160): string {
  const text = oneLine(plainText(html));
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
