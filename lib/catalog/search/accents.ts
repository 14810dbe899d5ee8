import type { Brand } from '../../brand/schema';
import type { Queryable } from '../../db/types';
import { fold, OPTIONAL_WORDS } from './search-terms';

// The catalog keeps its search words folded (no accents, lower case: "forro"); a sentence
// offered back to the person ("Você quis dizer: forró em Salvador?") takes each word as the
// catalog writes it. One event that has the word (a probe of the postings' index, word by
// word) says how: its name, producer, venue, city and state.

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `text` with each word spelled as the catalog writes it ("forro em salvador" → "forró em
 * salvador"), keeping the case the person typed; words the catalog does not hold stay.
 */
export async function withCatalogAccents(db: Queryable, brand: Brand, text: string): Promise<string> {
  const asked = [...new Set((text.match(WORD) ?? []).map(fold).filter((w) => w.length > 1 && !OPTIONAL_WORDS.has(w)))];
  if (asked.length === 0) return text;
  const rows = await db.query<{ w: string; texts: string[] }>(
    `SELECT q.w, ARRAY[e.name, coalesce(p.name, ''), coalesce(v.name, ''), coalesce(v.city, ''), coalesce(v.state, '')] AS texts
     FROM unnest($2::text[]) AS q(w)
     CROSS JOIN LATERAL (SELECT sp.event_id FROM search_postings sp WHERE sp.brand_id = $1 AND sp.term = q.w LIMIT 1) hit
     JOIN events e ON e.id = hit.event_id
     LEFT JOIN producers p ON p.id = e.producer_id
     LEFT JOIN venues v ON v.id = e.venue_id`,
    [brand.id, asked],
  );
  const spelled = new Map<string, string>();
  for (const { w, texts } of rows) {
    const found = texts.flatMap((t) => t.match(WORD) ?? []).find((x) => fold(x) === w);
    if (found) spelled.set(w, found.toLocaleLowerCase('pt-BR'));
  }
  return text.replace(WORD, (typed) => {
    const catalog = spelled.get(fold(typed));
    if (!catalog) return typed;
    return typed[0] !== typed[0]!.toLocaleLowerCase('pt-BR') ? catalog[0]!.toLocaleUpperCase('pt-BR') + catalog.slice(1) : catalog;
  });
}
