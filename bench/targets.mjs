// Cases beyond the JSON API: the same event page as HTML and as Markdown (served from
// the snapshot cache, and converted afresh on every request), and an MCP tool call.
export async function targets({ slug }) {
  let n = 0;
  return [
    { name: 'event page HTML', path: `/eventos/${slug}`, kind: 'page' },
    {
      name: 'event page Markdown',
      path: `/eventos/${slug}`,
      headers: { accept: 'text/markdown' },
      kind: 'page',
      ratioOf: { base: 'event page HTML', max: 1.1 },
    },
    {
      name: 'Markdown uncached',
      path: `/eventos/${slug}`,
      headers: { accept: 'text/markdown' },
      // A new query string each time: the conversion cannot come from the cache.
      setupRequest: (req) => ({ ...req, path: `/eventos/${slug}?n=${n++}` }),
      kind: 'page',
      ratioOf: { base: 'event page HTML', max: 1.5 },
    },
    {
      name: 'MCP search_events',
      path: '/mcp',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_events', arguments: { q: 'forro', per_page: 10 } } }),
      kind: 'tool',
    },
  ];
}
