import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/page-checks';

// Results first: after a search, the first card is on the first screen of a phone
// (390×844) and the first row of cards on a desktop's (1280×900); the words stay in view
// and every filter sits in one sheet behind "Filtros (n)" that works without JavaScript;
// the filters on are chips that each remove only themselves. Run for each brand.

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`${device}: after a search the first results are on the first screen`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await page.goto('/?q=noite&city=&category=shows&preco=200');
    await expect(page.locator('.card').first()).toBeVisible();
    const first = await top(page, '.card');
    const box = (await page.locator('.card').first().boundingBox())!;
    expect(first, 'the first card starts on the first screen').toBeLessThan(viewport.height);
    if (device === 'desktop') {
      // The whole first row fits: its cards end on the first screen.
      expect(first + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await page.locator('.cards > li').evaluateAll((cards) => new Set(cards.slice(0, 4).map((c) => c.getBoundingClientRect().top)).size)).toBe(1);
    }
    // The words are in view; the filters are folded away in the sheet, which counts those on.
    await expect(page.getByLabel('Buscar', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Cidade' })).toBeHidden();
    await expect(page.getByLabel('Estado')).toBeHidden();
    await expect(page.locator('details.more-filters')).not.toHaveAttribute('open', '');
    await expect(page.locator('details.more-filters summary')).toHaveText('Filtros (2)');
    const shot = info.outputPath(`results-first-${device}-${info.project.name}.png`);
    await page.screenshot({ path: shot });
    await info.attach(`results-first-${device}`, { path: shot, contentType: 'image/png' });
  });
}

test('the disclosure opens without JavaScript and holds the filters; a chip removes only its filter', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/?q=forr%C3%B3&category=shows&preco=100&livre=1');
  await page.locator('details.more-filters summary').click();
  await expect(page.getByLabel('Estado')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Até R$ 100' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Livre para todos' })).toBeChecked();
  await page.getByRole('radio', { name: 'Grátis' }).check();
  await page.getByRole('button', { name: 'Ver eventos' }).click();
  await expect(page).toHaveURL(/preco=gratis/);
  const chips = page.locator('.active-filters .filter-chip');
  // The remove mark is drawn by CSS: the chip's text (and its Markdown) is the filter alone.
  await expect(chips).toHaveText(['“forró”', 'Shows e música', 'Grátis', 'Livre para todos']);
  await page.getByRole('link', { name: 'Remover filtro: Grátis' }).click();
  await expect(chips).toHaveText(['“forró”', 'Shows e música', 'Livre para todos']);
  expect(new URL(page.url()).searchParams.get('q')).toBe('forró');
  expect(new URL(page.url()).searchParams.get('preco')).toBeNull();
  await context.close();
});

test('categories are one link each; a category page, and a price in words, filter the cards', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Teatro e espetáculos' }).click();
  // The same page an event's category link leads to.
  await expect(page).toHaveURL(/\/categoria\/teatro$/);
  await expect(page.getByRole('link', { name: 'Teatro e espetáculos', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  expect(await page.locator('.card').count()).toBeGreaterThan(0);
  await page.goto('/?q=at%C3%A9+50+reais');
  for (const price of await page.locator('.card .price').allInnerTexts()) {
    // A free event (maybe with paid tickets too) costs nothing from its lowest ticket.
    if (price.startsWith('Grátis')) continue;
    const brl = Number(/R\$\s([\d.]+,\d{2})/.exec(price)![1]!.replace(/\./g, '').replace(',', '.'));
    expect(brl).toBeLessThanOrEqual(50);
  }
  // The price read from the words is a chip of its own; the words are what is left.
  await expect(page.locator('.active-filters .filter-chip')).toHaveText(['Até R$ 50']);
});

test('the listing with filters open meets WCAG 2.1 AA (axe)', async ({ page }) => {
  await page.goto('/?q=samba&category=shows&preco=100&livre=1&sort=price');
  await page.locator('details.more-filters summary').click();
  await expectAccessible(page);
});
