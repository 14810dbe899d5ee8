import { ORGANIZER_QUERY_MAX, type OrganizerQuery } from '../catalog/listing/organizers';

// The organizers page's address: `q` the words of a name, `depois` the slug a page starts
// after, `antes` the slug it ends before (a page back). Anything else is left out.

/** Slugs are short; a longer value is no slug of the catalog. */
const SLUG_MAX = 200;

/** The first value, without control characters (the catalog's text holds none; a NUL is no text to PostgreSQL). */
const one = (v: string | string[] | undefined): string | undefined => {
  const first = (Array.isArray(v) ? v[0] : v)?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return first ? first : undefined;
};

/** The page's query from its search parameters. */
export function readOrganizersForm(raw: Record<string, string | string[] | undefined>): OrganizerQuery {
  const q = one(raw.q)?.slice(0, ORGANIZER_QUERY_MAX);
  const after = one(raw.depois)?.slice(0, SLUG_MAX);
  const before = one(raw.antes)?.slice(0, SLUG_MAX);
  return { ...(q ? { q } : {}), ...(after ? { after } : before ? { before } : {}) };
}

/** The address of a page of the list (the same search). */
export function organizersHref(q: string | undefined, at: { after?: string; before?: string } = {}): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (at.after) params.set('depois', at.after);
  else if (at.before) params.set('antes', at.before);
  const qs = params.toString();
  return qs ? `/produtores?${qs}` : '/produtores';
}
