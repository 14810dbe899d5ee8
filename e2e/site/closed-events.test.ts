import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { targets } from '../api/targets';

// Every closed event of the demo catalog, in every format: nothing is offered for sale.
const target = targets[0]!;
const BRANDS = ['aurora', 'mare', 'sertao'] as const;
const host = (brand: string) => `${brand}.localhost:${target.port}`;
const get = (brand: string, path: string, accept = 'text/html') => request(target.port, path, { host: host(brand), headers: { accept } });
const post = (brand: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(target.port, path, { method: 'POST', host: host(brand), body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

/** Every event slug of a brand (from its sitemap) whose API detail says sales are closed. */
async function closedSlugs(brand: string): Promise<string[]> {
  const sitemap = await get(brand, '/sitemap.xml', 'application/xml');
  const slugs = [...sitemap.text.matchAll(/\/eventos\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
  expect(slugs.length).toBeGreaterThan(0);
  const closed: string[] = [];
  for (const slug of slugs) {
    const detail = (await get(brand, `/api/public/v1/events/${slug}`, 'application/json')).json() as { is_closed: boolean };
    if (detail.is_closed) closed.push(slug);
  }
  return closed;
}

/** What no closed event may say in any format, and that it says why (lib/catalog/event-state.ts). */
function expectNothingForSale(text: string, where: string) {
  expect(text, where).not.toMatch(/À venda|à venda \||A partir de|Menor preço|Comprar ingressos|\/checkout\//);
  expect(text, where).toMatch(/Este evento já aconteceu|Ingressos esgotados|Vendas pausadas|As vendas ainda não começaram|Evento cancelado|Evento adiado/);
}

describe.each(BRANDS)('closed events of %s', (brand) => {
  test('HTML, JSON-LD, Markdown, MCP get_event_page and A2A offer nothing for sale', async () => {
    const slugs = await closedSlugs(brand);
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      const html = await get(brand, `/eventos/${slug}`);
      expect(html.status, slug).toBe(200);
      const main = html.text.slice(html.text.indexOf('<main'), html.text.lastIndexOf('</main>'));
      expectNothingForSale(main.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, ''), `${slug} html`);
      expect(main, slug).toContain('apenas para informação');
      const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html.text)![1]!) as { offers?: { availability: string } };
      if (ld.offers) expect(['SoldOut', 'OutOfStock', 'PreOrder', 'Discontinued'].map((t) => `https://schema.org/${t}`), slug).toContain(ld.offers.availability);

      const md = await get(brand, `/eventos/${slug}`, 'text/markdown');
      expectNothingForSale(md.text, `${slug} markdown`);

      const mcp = await post(brand, '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_event_page', arguments: { slug } } }, { accept: 'application/json, text/event-stream' });
      const tool = (mcp.json() as { result: { content: Array<{ text: string }> } }).result.content[0]!.text;
      expectNothingForSale(tool, `${slug} mcp`);

      const a2a = await post(brand, '/a2a', { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: `m-${slug}`, role: 'ROLE_USER', parts: [{ text: `http://${host(brand)}/eventos/${slug}` }] } } }, { 'a2a-version': '1.0' });
      const answer = (a2a.json() as { result: { message: { parts: Array<{ text: string }> } } }).result.message.parts.map((p) => p.text).join('');
      expectNothingForSale(answer, `${slug} a2a`);
    }
  });
});
