import sanitizeHtml from 'sanitize-html';

// Descriptions come from the catalog database as HTML. Only formatting survives: no
// script, no event handler, no style, and links only to http(s) and mailto.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener', target: '_blank' }),
  },
};

// Descriptions repeat across requests; a bounded memo keeps sanitizing off the hot path.
const memo = new Map<string, string>();
const MEMO_LIMIT = 5_000;

export function sanitizeDescription(html: string): string {
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(html, clean);
  return clean;
}
