// The site's addresses carry no empty parameters: a GET form submits every field, filled or
// not (`?q=samba&city=&category=&preco=&sort=`), and such an address is long, hard to read
// and to share, and names the same page as the one without them. The proxy answers a page
// request that carries one with a 308 to the same page without it (lib/edge/empty-parameters.ts),
// and the links the site builds leave them out.

/** Whether a parameter's value says nothing (empty, or spaces only). */
export const isEmptyValue = (value: string): boolean => value.trim() === '';

/** The parameters without those whose value is empty, in their order. */
export function withoutEmpty(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (!isEmptyValue(value)) kept.append(name, value);
  return kept;
}

/** The query string (with its "?", or "") without empty parameters, or null when it has none to drop. */
export function cleanSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  if (![...params.values()].some(isEmptyValue)) return null;
  const kept = withoutEmpty(params).toString();
  return kept === '' ? '' : `?${kept}`;
}
