import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/page-checks';

const cardTitles = (page: Page) => page.locator('.card h2').allInnerTexts();

test('browse the listing, search with and without accents, filter, paginate', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.card').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath(`listing-${info.project.name}.png`), fullPage: false });
  await info.attach('listing', { path: info.outputPath(`listing-${info.project.name}.png`), contentType: 'image/png' });

  await page.getByLabel('Buscar', { exact: true }).fill('São Paulo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/q=S%C3%A3o\+Paulo/);
  const accented = await cardTitles(page);
  expect(accented.length).toBeGreaterThan(0);
  await page.getByLabel('Buscar', { exact: true }).fill('sao paulo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/q=sao\+paulo/); // the titles are read once the page has changed
  expect(await cardTitles(page)).toEqual(accented);

  await page.goto('/');
  await page.getByText('Filtros', { exact: true }).click();
  await page.getByLabel('Estado').selectOption('PE');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/state=PE/);
  for (const place of await page.locator('.card .meta:nth-of-type(2)').allInnerTexts()) expect(place).toMatch(/- PE$/);

  await page.goto('/');
  const first = await cardTitles(page);
  await page.getByRole('link', { name: 'Próxima página' }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(await cardTitles(page)).not.toEqual(first);
  await page.getByRole('link', { name: 'Página anterior' }).click();
  await expect(page).not.toHaveURL(/page=/); // the titles are read once the page has changed
  expect(await cardTitles(page)).toEqual(first);

  await page.goto('/?q=zzzzqqq');
  await expect(page.getByText('Nenhum evento tem as palavras “zzzzqqq”.')).toBeVisible();
  await page.getByRole('link', { name: 'Limpar filtros' }).first().click();
  await expect(page.locator('.card').first()).toBeVisible();
});

test('open an event and read its price with fees', async ({ page }, info) => {
  await page.goto('/');
  // An event on sale: its card shows a price.
  await page.locator('.card').filter({ has: page.locator('.price') }).first().locator('h2 a').click();
  await expect(page).toHaveURL(/\/eventos\//);
  await expect(page.getByRole('list', { name: 'Setores e lotes' })).toBeVisible();
  const lowest = await page.locator('.lowest').innerText();
  expect(lowest).toMatch(/^A partir de R\$\s[\d.]+,\d{2} com taxas/);
  const totals = await page.locator('.ticket-total').allInnerTexts();
  expect(totals.length).toBeGreaterThan(0);
  await page.screenshot({ path: info.outputPath(`event-${info.project.name}.png`), fullPage: true });
  await info.attach('event', { path: info.outputPath(`event-${info.project.name}.png`), contentType: 'image/png' });
});

test('listing, event and 404 pages meet WCAG 2.1 AA (axe)', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.locator('.card h2 a').first().click();
  await expectAccessible(page);
  const res = await page.goto('/eventos/no-such-event');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expectAccessible(page);
});

test('Markdown negotiation through the request API', async ({ request, baseURL }) => {
  const host = new URL(baseURL!).host;
  const origin = `http://127.0.0.1:${new URL(baseURL!).port}`;
  const md = await request.get(`${origin}/`, { headers: { host, accept: 'text/markdown' } });
  expect(md.status()).toBe(200);
  expect(md.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(Number(md.headers()['x-markdown-tokens'])).toBeGreaterThan(0);
  expect(md.headers()['vary']).toMatch(/Accept/);
  expect(await md.text()).toMatch(/^---\ntitle: /);
  const html = await request.get(`${origin}/`, { headers: { host, accept: 'text/html, text/markdown;q=0.5' } });
  expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(html.headers()['link']).toContain('rel="alternate"; type="text/markdown"');
});

test('pages served again within the snapshot window are plain HTML and run their one script under the CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  const event = await page.locator('.card a').first().getAttribute('href');
  // Each page twice: the second answer comes from the window's rendered pages.
  for (const path of ['/', '/', event!, event!, '/eventos/no-such-event', '/eventos/no-such-event']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Public pages carry no client runtime; the listing's own script loads under the CSP.
    expect(await page.evaluate(() => typeof (window as unknown as { next?: unknown }).next)).toBe('undefined');
    if (path === '/') expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/busca.js')))).toBe(true);
  }
  expect(problems.filter((p) => !/404 \(Not Found\)/.test(p))).toEqual([]);
});
