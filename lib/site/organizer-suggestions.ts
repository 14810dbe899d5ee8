import { brandOrDefault } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { listOrganizers, organizerSearch } from '../catalog/listing/organizers';
import { DbUnavailableError } from '../db/types';
import { publicPageCacheControl } from './page-cache';
import { organizerPath } from './landing';

// The organizers whose names hold what a person types in the search of /produtores, as
// JSON for the page's own script (/produtores.js), which shows them as links under the
// field. Shared-cacheable like the page; a search of fewer than two characters suggests
// nothing.

/** Suggestions shown under the field. */
export const SUGGESTIONS = 8;
const MIN_CHARS = 2;

export type OrganizerSuggestion = { name: string; path: string };

/** The suggestions for `q` (names as the catalog writes them, paths on the brand's site). */
export async function organizerSuggestions(brand: Brand, q: string | null): Promise<OrganizerSuggestion[]> {
  if (organizerSearch(q ?? '').length < MIN_CHARS) return [];
  const page = await listOrganizers(brand, { q: q ?? '', limit: SUGGESTIONS });
  return page.organizers.map((o) => ({ name: o.name, path: organizerPath(o.slug) }));
}

/** GET /produtores.json?q=<words>: `{ "organizers": [{ "name", "path" }] }`, or 503 when the catalog cannot answer. */
export async function organizerSuggestionsResponse(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  try {
    const organizers = await organizerSuggestions(brand, new URL(request.url).searchParams.get('q'));
    const body = JSON.stringify({ organizers });
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': publicPageCacheControl(), Vary: 'Accept-Encoding' },
    });
  } catch (err) {
    if (!(err instanceof DbUnavailableError)) throw err;
    return new Response(JSON.stringify({ organizers: [] }), { status: 503, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' } });
  }
}
