// Content negotiation between HTML and Markdown for pages (RFC 9110 Accept with q-values).

type Range = { type: string; q: number };

function parseAccept(accept: string): Range[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const value = q ? Number(q.slice(2)) : 1;
      return { type: type.trim(), q: Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0 };
    })
    .filter((r) => r.type !== '');
}

function quality(ranges: Range[], type: string): number {
  const [major] = type.split('/');
  const exact = ranges.find((r) => r.type === type);
  if (exact) return exact.q;
  const partial = ranges.find((r) => r.type === `${major}/*`);
  if (partial) return partial.q;
  return ranges.find((r) => r.type === '*/*')?.q ?? 0;
}

/** True when the request prefers text/markdown to text/html; HTML wins ties and is the default. */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const md = quality(ranges, 'text/markdown');
  return md > 0 && md > quality(ranges, 'text/html');
}

/** Paths that are pages of the website (not the API, files, tool endpoints or well-known documents). */
export function isPagePath(pathname: string): boolean {
  if (pathname === '/') return true;
  if (/^\/(api|mcp|a2a|md|media|problems|sitemaps|docs|_next|\.well-known)(\/|$)/.test(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}
