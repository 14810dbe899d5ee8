// The addresses of the public pages, in app/'s notation (a segment in brackets is a
// parameter): what lib/pages renders for everyone, without the framework's router. Each has
// its route in app/ too, a file of a few lines, for a visitor who is signed in (the frame
// shows their name); addresses.test.ts checks that the two lists agree.

export const PUBLIC_PAGES = [
  '/',
  '/eventos/[slug]',
  '/eventos-em/[city]',
  '/categoria/[slug]',
  '/produtores',
  '/produtores/[slug]',
  '/perto-de-mim',
  '/privacidade',
  '/termos',
  '/comprar/[slug]',
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** A segment of a path as the framework hands it to a page: decoded, or as it is when it cannot be. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const segmentsOf = (path: string): string[] => (path === '/' ? [] : path.slice(1).split('/'));

/** The public page at `pathname` and its parameters, or null (no such page: the 404 page). */
export function matchAddress(pathname: string): { address: PublicPage; params: Record<string, string> } | null {
  const segments = segmentsOf(pathname);
  for (const address of PUBLIC_PAGES) {
    const parts = segmentsOf(address);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const name = /^\[(\w+)\]$/.exec(part)?.[1];
      if (!name) return part === segments[i];
      params[name] = decodeSegment(segments[i]!);
      return segments[i] !== '';
    });
    if (matches) return { address, params };
  }
  return null;
}

/** Whether a path (and query) names a public page. */
export const isPublicPage = (pathWithSearch: string): boolean => matchAddress(pathWithSearch.split('?')[0]!) !== null;

/** A query string as the framework hands it to a page: a name given once is a string, more than once an array. */
export function searchParamsOf(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of search) {
    const held = out[name];
    out[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return out;
}
