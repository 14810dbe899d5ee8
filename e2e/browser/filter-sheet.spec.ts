import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, watch } from '../support/page-checks';

// The filter sheet, results first and plain words, on a phone (390×844) and a desktop
// (1366×900), for each brand: choices in the sheet change nothing until "Ver N eventos",
// whose N follows them; arrow keys move through a group without leaving it; the first card
// on the first screen; the footer's links whole; every category in view on a desktop;
// "Grátis" on a free event's card; axe clean in light and dark mode.

const DEVICES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const;

/** A mark on the document: gone when the page reloads or another page loads. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { sheetMark: number }).sheetMark = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { sheetMark?: number }).sheetMark === 42);

const sheetButton = (page: Page) => page.locator('.sheet-submit button');

/** Opens the sheet once the page's deferred script has run (it runs before the load event). */
async function openSheet(page: Page) {
  await page.waitForLoadState('load');
  await page.locator('details.more-filters summary').click();
}

for (const [device, viewport] of DEVICES) {
  test.describe(device, () => {
    test.use({ viewport, ...(device === 'phone' ? { hasTouch: true, isMobile: true } : {}) });

    test('the sheet: price, date and city change nothing until "Ver N eventos", whose count follows the choices', async ({ page }) => {
      const problems = await watch(page);
      await page.goto('/');
      await openSheet(page);
      const url = page.url();
      // With the script, the button starts as the count of the listing shown.
      const start = await page.locator('p.summary').innerText();
      await expect(sheetButton(page)).toHaveText(`Ver ${start.split(' · ')[0]}`);
      await mark(page);
      const labels: string[] = [];
      const choose = async (act: () => Promise<void>) => {
        const before = await sheetButton(page).innerText();
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/busca.json');
        await act();
        expect((await answer).status()).toBe(200);
        // The button is marked while its count is read.
        await expect(sheetButton(page)).not.toHaveAttribute('data-counting');
        await expect(sheetButton(page)).toHaveText(/^Ver \d[\d.]*\+? eventos?$/);
        labels.push(await sheetButton(page).innerText());
        return before;
      };
      await choose(() => page.getByRole('radio', { name: 'Até R$ 100' }).check());
      await choose(() => page.getByRole('radio', { name: 'Próximos 7 dias' }).check());
      const city = await page.getByRole('combobox', { name: 'Cidade' }).locator('option').nth(1).getAttribute('value');
      await choose(() => page.getByRole('combobox', { name: 'Cidade' }).selectOption(city!).then(() => undefined));
      // Nothing reloaded, the address did not change, the sheet is still open.
      expect(await marked(page)).toBe(true);
      expect(page.url()).toBe(url);
      await expect(page.locator('details.more-filters')).toHaveAttribute('open', '');
      // The first choice alone already narrows the whole catalog.
      expect(labels[0]).not.toBe(`Ver ${start.split(' · ')[0]}`);
      const label = labels.at(-1)!;
      await sheetButton(page).click();
      await expect(page).toHaveURL(/preco=100/);
      const params = new URL(page.url()).searchParams;
      expect(params.get('quando')).toBe('7-dias');
      expect(params.get('city')).toBe(city);
      // N is what the listing then shows.
      const n = label.replace(/^Ver /, '');
      if (n === '0 eventos') await expect(page.locator('h1')).toHaveText('Nenhum evento encontrado');
      else await expect(page.locator('p.summary')).toContainText(n);
      await expect(page.locator('details.more-filters summary')).toHaveText(/^Filtros \(3\)$/);
      expect(problems).toEqual([]);
    });

    test('arrow keys move through a group of choices: focus stays in it and nothing is submitted', async ({ page }) => {
      await page.goto('/');
      await openSheet(page);
      await mark(page);
      const url = page.url();
      const all = page.getByRole('group', { name: 'Categoria' }).getByRole('radio');
      await all.first().focus();
      await expect(all.first()).toBeChecked();
      await page.keyboard.press('ArrowRight');
      await expect(all.nth(1)).toBeChecked();
      await expect(all.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(all.nth(2)).toBeChecked();
      await expect(all.nth(2)).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(all.nth(1)).toBeFocused();
      // The count follows; the page stays.
      await page.waitForResponse((r) => new URL(r.url()).pathname === '/busca.json');
      await expect(sheetButton(page)).not.toHaveAttribute('data-counting');
      await expect(sheetButton(page)).toHaveText(/^Ver \d/);
      expect(await marked(page)).toBe(true);
      expect(page.url()).toBe(url);
      await expect(all.nth(1)).toBeFocused();
    });

    test('results first: the first card on the home page starts high, and after a search its name, date, place and price are on the first screen', async ({ page }, info) => {
      await page.goto('/');
      const top = (await page.locator('.card').first().boundingBox())!.y;
      if (device === 'phone') expect(top, 'the first card starts in the top half').toBeLessThan(viewport.height / 2);
      else expect(top).toBeLessThan(viewport.height / 2);
      await page.goto('/?q=show&preco=200&quando=7-dias');
      const card = page.locator('.card').filter({ has: page.locator('.price') }).first();
      await expect(card).toBeVisible();
      // The first card of the results: what a person reads first.
      expect(await page.locator('.card').first().evaluate((c, other) => c === other, await card.elementHandle())).toBe(true);
      for (const part of ['h2 a', 'time', '.meta + .meta', '.price']) {
        const box = (await card.locator(part).first().boundingBox())!;
        expect(box.y + box.height, `${part} on the first screen`).toBeLessThanOrEqual(viewport.height);
      }
      await expect(card.locator('.price')).toContainText('com taxas');
      // After a search the words sit in one line with their button (and "Filtros (n)" on a desktop), their tops level.
      await expect(page.locator('details.more-filters summary')).toHaveText('Filtros (2)');
      const line = device === 'desktop' ? 'input[name="q"], .search-main button, .more-filters summary' : 'input[name="q"], .search-main button';
      const tops = await page.locator('form.search').locator(line).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops.length).toBe(device === 'desktop' ? 3 : 2);
      expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
      const shot = info.outputPath(`sheet-results-${device}-${info.project.name}.png`);
      await page.screenshot({ path: shot });
      await info.attach(`results ${device}`, { path: shot, contentType: 'image/png' });
    });

    test('plain words: the footer’s links are whole, developers have their own section, the calendar is in plain words', async ({ page }) => {
      await page.goto('/');
      const footer = page.locator('footer.site-footer');
      const links = footer.getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(5);
      // Each link's text sits on one line: no "API / pública", no "Termo / s de uso".
      for (const lines of await links.evaluateAll((as) => as.map((a) => a.getClientRects().length))) expect(lines).toBe(1);
      const developers = footer.getByRole('navigation', { name: 'Para desenvolvedores' });
      await expect(developers.getByRole('link')).toHaveText(['API pública', 'llms.txt', 'Agentes']);
      await expect(page.locator('main')).not.toContainText('iCalendar');
      await expect(page.getByRole('link', { name: 'Adicionar ao calendário' })).toHaveAttribute('href', /^webcal:\/\//);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });

    test('categories: every one in view on a desktop, a row that scrolls and fades on a phone', async ({ page }) => {
      await page.goto('/');
      const row = page.locator('.category-links ul');
      const fits = await row.evaluate((ul) => ul.scrollWidth <= ul.clientWidth);
      const mask = await row.evaluate((ul) => getComputedStyle(ul).maskImage);
      if (device === 'desktop') {
        expect(fits, 'no category is cut').toBe(true);
        expect(mask).toBe('none');
        const box = (await row.boundingBox())!;
        for (const link of await row.getByRole('link').all()) {
          const b = (await link.boundingBox())!;
          expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
        }
      } else {
        expect(fits).toBe(false);
        expect(mask).toContain('linear-gradient');
      }
    });

    test('a free event’s card says "Grátis"; images hold a coloured place of their size', async ({ page }) => {
      await page.goto('/?preco=gratis');
      const prices = await page.locator('.card .price').allInnerTexts();
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) {
        expect(p).toMatch(/^Grátis/);
        expect(p).not.toContain('R$ 0,00');
      }
      const img = page.locator('.card img').first();
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      expect(await img.evaluate((i) => getComputedStyle(i).backgroundColor)).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    });

    test('the listing with the sheet open, and an event page, meet WCAG 2.1 AA in light and dark mode (axe)', async ({ page }) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto('/?q=samba&preco=100');
        await openSheet(page);
        await expectAccessible(page);
        await page.locator('.card h2 a').first().click();
        await expect(page).toHaveURL(/\/eventos\//);
        await expectAccessible(page);
      }
    });
  });
}

test('without JavaScript the sheet is a plain form: "Ver eventos" submits every choice', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('details.more-filters summary').click();
  await page.getByRole('radio', { name: 'Grátis' }).check();
  await page.getByRole('radio', { name: 'Este fim de semana' }).check();
  await expect(page.locator('.sheet-submit button')).toHaveText('Ver eventos');
  await page.locator('.sheet-submit button').click();
  await expect(page).toHaveURL(/preco=gratis/);
  expect(new URL(page.url()).searchParams.get('quando')).toBe('fim-de-semana');
  await context.close();
});

test('dark mode: status boxes are dark with light text', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/entrar');
  const colours = await page.evaluate(() => {
    const box = document.createElement('p');
    box.className = 'error';
    box.textContent = 'x';
    document.querySelector('main')!.append(box);
    const s = getComputedStyle(box);
    return [s.backgroundColor, s.color];
  });
  const lum = (c: string) => c.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3;
  expect(lum(colours[0]!), 'a dark background').toBeLessThan(80);
  expect(lum(colours[1]!), 'light text').toBeGreaterThan(180);
});
