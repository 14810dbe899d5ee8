import { expect, test, type Page } from '@playwright/test';
import { watch } from '../support/page-checks';

// A person on a phone (390×844), on every brand: the first result's name, date, place and
// price on the first screen of the home page, a search and a landing page; the
// whole card is the event's link; nothing scrolls sideways. Then finding and reading
// results: dates and prices in the words as chips, typos, empty results, pages, categories.

const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** The bottom edge of the first element `selector` matches, in CSS pixels from the top of the page. */
const bottomOf = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).first().boundingBox())!;
  return box.y + box.height;
};

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

for (const path of ['/', '/?q=samba', '/categoria/shows']) {
  test(`phone ${path}: the first result, with its price with fees, is on the first screen`, async ({ page }, info) => {
    await page.goto(path);
    const card = page.locator('.card').first();
    await expect(card).toBeVisible();
    // Name, date and place are the first card's; its whole box is on the first screen.
    for (const part of ['h2 a', 'time', '.meta + .meta']) await expect(card.locator(part)).toBeVisible();
    expect(await bottomOf(page, '.card'), 'the first card ends on the first screen').toBeLessThanOrEqual(PHONE.height);
    expect(await bottomOf(page, '.card .price'), 'a price with fees is on the first screen').toBeLessThanOrEqual(PHONE.height);
    await expect(page.locator('.card .price').first()).toContainText('com taxas');
    await expectNoSidewaysScroll(page);
    const shot = info.outputPath(`phone-${path.replace(/[^a-z0-9]+/gi, '-')}-${info.project.name}.png`);
    await page.screenshot({ path: shot });
    await info.attach(`phone ${path}`, { path: shot, contentType: 'image/png' });
  });
}

test('phone: the whole card, image included, opens the event', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('.card h2 a').first().getAttribute('href');
  const image = (await page.locator('.card img').first().boundingBox())!;
  await page.mouse.click(image.x + image.width / 2, image.y + image.height / 2);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.goBack();
  // The city link inside the card stays its own link.
  const city = page.locator('.card .meta a').first();
  const cityHref = await city.getAttribute('href');
  await city.click();
  await expect(page).toHaveURL(new RegExp(`${cityHref}$`));
});

test('the category row scrolls sideways on a phone, its right edge fading; on a desktop every category is in view', async ({ page }) => {
  await page.goto('/');
  const row = page.locator('.category-links ul');
  expect(await row.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
  expect(await row.evaluate((ul) => getComputedStyle(ul).maskImage)).toContain('linear-gradient');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await row.evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
  expect(await row.evaluate((ul) => getComputedStyle(ul).maskImage)).toBe('none');
});

test('dates and prices said in the words are chips that remove them; a chip in the sheet applies with "Ver N eventos"', async ({ page }) => {
  await page.goto('/?q=shows+gr%C3%A1tis+neste+fim+de+semana');
  const chips = page.locator('.active-filters .filter-chip');
  await expect(chips).toHaveText(['“shows”', 'Este fim de semana', 'Grátis']);
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('shows');
  await page.getByRole('link', { name: 'Remover filtro: Este fim de semana' }).click();
  await expect(chips).toHaveText(['“shows”', 'Grátis']);
  // The chips show as soon as the new page is parsed; its deferred script runs before its load event.
  await page.waitForLoadState('load');
  // Choosing a chip in the sheet changes nothing until "Ver N eventos" is pressed.
  await page.locator('details.more-filters summary').click();
  await page.getByRole('radio', { name: 'Amanhã' }).click();
  await expect(page.locator('.sheet-submit button')).toHaveText(/^Ver \d/);
  await expect(page).not.toHaveURL(/quando=amanha/);
  await page.locator('.sheet-submit button').click();
  await expect(page).toHaveURL(/quando=amanha/);
  await expect(chips).toHaveText(['“shows”', 'Amanhã', 'Grátis']);
});

test('typos: "Você quis dizer"; an empty result says what would find events; a page past the end leads back', async ({ page }, info) => {
  await page.goto('/?q=sambaa+recfie');
  await expect(page.locator('.did-you-mean')).toHaveText('Você quis dizer: samba recife?');
  await page.locator('.did-you-mean a').click();
  await expect(page).toHaveURL(/q=samba\+recife$/);

  await page.goto('/?q=zumbalanga+qu%C3%A2ntica&category=shows');
  await expect(page.locator('h1')).toHaveText('Nenhum evento encontrado');
  const ways = page.locator('.ways-forward a');
  await expect(ways.first()).toBeVisible();
  await expect(page.locator('.ways-forward li').first()).toHaveText(/\(\d[\d.]*\+? eventos?\)$/);
  await expectNoSidewaysScroll(page);
  const shot = info.outputPath(`phone-empty-${info.project.name}.png`);
  await page.screenshot({ path: shot });
  await info.attach('phone empty search', { path: shot, contentType: 'image/png' });
  await ways.first().click();
  await expect(page.locator('.card').first()).toBeVisible();

  await page.goto('/?page=99');
  await expect(page.locator('h1')).toHaveText('Esta página não tem eventos');
  await page.getByRole('link', { name: 'Voltar à primeira página' }).click();
  await expect(page.locator('.card').first()).toBeVisible();
});

test('pages are numbered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('1');
  // The first, the last and the neighbours of the current page.
  await expect(page.locator('.pagination ul')).toHaveText(/^12…\d+$/);
  await page.getByRole('link', { name: 'Página 2', exact: true }).click();
  await page.getByRole('link', { name: 'Página 3', exact: true }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('3');
});

test("a signed-in person's listing (rendered with a nonce) runs the sheet's script under its CSP", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'sessao', value: 'not-a-session', url: baseURL! }]);
  const problems = await watch(page);
  await page.goto('/?q=shows');
  await page.waitForLoadState('load');
  await page.locator('details.more-filters summary').click();
  const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/busca.json');
  await page.getByRole('radio', { name: 'Grátis' }).click();
  expect((await counted).status()).toBe(200);
  await expect(page.locator('.sheet-submit button')).toHaveText(/^Ver \d/);
  await page.locator('.sheet-submit button').click();
  await expect(page).toHaveURL(/preco=gratis/);
  expect(problems).toEqual([]);
});
