import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { registrySchema } from '../brand/schema';
import { aliasTarget } from './aliases';
import { PERSONAL_PAGE_PATHS, isPersonalPage } from './personal-pages';
import { demoPurchasePath, producerSearchUrl, purchaseUrl, sellsOnDemoPage } from './purchase';
import { hashedPageCsp, inlineScriptHashes, pageSecurityHeaders } from './security-headers';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('hash-based CSP of public pages', () => {
  const html = [
    '<html><head><script src="/_next/static/chunks/a.js" async=""></script>',
    '<script id="_R_">self.__next_r="x"</script></head><body>',
    '<script type="application/ld+json">{"@type":"Event"}</script>',
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
    '<script type="module">import("/x.js")</script>',
    '<SCRIPT>café()</SCRIPT></body></html>',
  ].join('');

  test('hashes each executable inline script once, skips files and data blocks', () => {
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.__next_r="x"'),
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('import("/x.js")'),
      sha('café()'),
    ]);
  });

  test('the policy allows those hashes and this site, with no nonce and no unsafe-inline for scripts', () => {
    const csp = hashedPageCsp(html);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').slice(0, 2)).toEqual(['script-src', "'self'"]);
    expect(scriptSrc).toContain(sha('self.__next_r="x"'));
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline|strict-dynamic/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(hashedPageCsp(html)).toBe(csp); // the same page, the same policy
  });

  test('a script inside <main>, where catalog text lives, is never allowed', () => {
    const page = '<body><main id="c"><p>x</p><script>alert(1)</script></main><script>ok()</script></body>';
    expect(inlineScriptHashes(page)).toEqual([sha('ok()')]);
  });

  test('a page without inline scripts allows files of this site only', () => {
    expect(hashedPageCsp('<p>nothing</p>')).toContain("script-src 'self';");
  });
});

describe('personal pages', () => {
  test('the account pages and what lies under them, nothing else', () => {
    expect(PERSONAL_PAGE_PATHS).toEqual(['/entrar', '/cadastro', '/conta']);
    for (const path of ['/entrar', '/cadastro', '/conta', '/conta/pedidos']) expect(isPersonalPage(path), path).toBe(true);
    for (const path of ['/', '/contato', '/eventos/conta', '/entrarx', '/contas']) expect(isPersonalPage(path), path).toBe(false);
  });

  test('a fresh nonce per response, in the policy', () => {
    const a = pageSecurityHeaders();
    const b = pageSecurityHeaders();
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.csp).toContain(`'nonce-${a.nonce}'`);
    expect(a.csp).not.toContain('unsafe-inline\' \'nonce');
  });
});

describe('aliases', () => {
  const [aurora, mare] = demoRegistry(3000).brands;
  test.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'unknown.example'])('a page on %s goes to the brand site', (host) => {
    expect(aliasTarget(aurora!, host, '/eventos/x?y=1')?.toString()).toBe('http://aurora.localhost:3000/eventos/x?y=1');
  });
  test.each([['aurora.localhost:3000'], ['AURORA.localhost:3000'], ['aurora.localhost']])('%s is the brand own host', (host) => {
    expect(aliasTarget(aurora!, host, '/')).toBeNull();
  });
  test('another brand keeps its own host', () => {
    expect(aliasTarget(mare!, 'mare.localhost:3000', '/')).toBeNull();
  });
});

describe('purchase flow', () => {
  const base = demoRegistry(3000);
  test('the demo brands set none: an event without an address of its own has none', () => {
    for (const brand of base.brands) expect(purchaseUrl(brand, { slug: 'show-1', purchase_url: null })).toBeNull();
  });
  test('a template with the slug gives the event purchase URL', () => {
    const registry = registrySchema.parse({
      ...base,
      brands: base.brands.map((b, i) => (i === 0 ? { ...b, purchase_url: 'https://loja.example/comprar/{slug}?origem=site' } : b)),
    });
    expect(purchaseUrl(registry.brands[0]!, { slug: 'show-1', purchase_url: null })).toBe('https://loja.example/comprar/show-1?origem=site');
  });
  test("the event's own address comes before the brand's template", () => {
    const brand = { ...base.brands[0]!, purchase_url: 'https://loja.example/comprar/{slug}' };
    expect(purchaseUrl(brand, { slug: 'show-1', purchase_url: 'https://outra.example/e/99' })).toBe('https://outra.example/e/99');
    expect(purchaseUrl(base.brands[0]!, { slug: 'show-1', purchase_url: 'https://outra.example/e/99' })).toBe('https://outra.example/e/99');
  });
  test("the site's demonstration page serves only an event whose address is that page on the brand's own site", () => {
    const [aurora, mare] = base.brands;
    const own = `http://aurora.localhost:3000${demoPurchasePath('show-1')}`;
    expect(own).toBe('http://aurora.localhost:3000/comprar/show-1');
    expect(sellsOnDemoPage(aurora!, { slug: 'show-1', purchase_url: own })).toBe(true);
    expect(sellsOnDemoPage(mare!, { slug: 'show-1', purchase_url: own })).toBe(false);
    expect(sellsOnDemoPage(aurora!, { slug: 'show-2', purchase_url: own })).toBe(false);
    expect(sellsOnDemoPage(aurora!, { slug: 'show-1', purchase_url: 'https://loja.example/comprar/show-1' })).toBe(false);
    expect(sellsOnDemoPage(aurora!, { slug: 'show-1', purchase_url: null })).toBe(false);
  });
  test("without an address: a web search for the production's page and the event, escaped", () => {
    const url = new URL(producerSearchUrl('Silva & Filhos Produções', 'Forró <ao vivo>'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/search');
    expect(url.searchParams.get('q')).toBe('"Silva & Filhos Produções" Forró <ao vivo> ingressos');
    expect(new URL(producerSearchUrl(null, 'Forró')).searchParams.get('q')).toBe('Forró ingressos');
  });
  test.each(['https://loja.example/comprar', 'javascript:alert(1)//{slug}', 'ftp://x/{slug}'])('%s is refused', (template) => {
    const raw = { ...base, brands: base.brands.map((b, i) => (i === 0 ? { ...b, purchase_url: template } : b)) };
    expect(registrySchema.safeParse(raw).success).toBe(false);
  });
});
