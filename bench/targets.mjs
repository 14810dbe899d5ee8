// Cases beyond the JSON API: the same event page as HTML and as Markdown, each as served
// (from the snapshot window's caches) and rendered afresh on every request, and an MCP
// tool call. Cached and uncached Markdown are compared with HTML served the same way.
export async function targets({ slug }) {
  // A new query string on each request: neither the page nor its conversion can come
  // from a cache.
  const fresh = () => {
    let n = 0;
    return (req) => ({ ...req, path: `/eventos/${slug}?n=${n++}` });
  };
  return [
    { name: 'event page HTML', path: `/eventos/${slug}`, kind: 'page' },
    {
      name: 'event page Markdown',
      path: `/eventos/${slug}`,
      headers: { accept: 'text/markdown' },
      kind: 'page',
      ratioOf: { base: 'event page HTML', max: 1.1 },
    },
    { name: 'HTML uncached', path: `/eventos/${slug}`, setupRequest: fresh(), kind: 'uncached' },
    {
      name: 'Markdown uncached',
      path: `/eventos/${slug}`,
      headers: { accept: 'text/markdown' },
      setupRequest: fresh(),
      kind: 'uncached',
      ratioOf: { base: 'HTML uncached', max: 1.5 },
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
